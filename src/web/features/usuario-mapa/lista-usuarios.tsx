import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatCpf, onlyDigits } from '../../../shared/cpf';
import { formatarData } from '../../../shared/datas';
import { problemasDoCorpo } from '../../../shared/schemas/formulario';
import { filtrosUsuarioMapa, MENSAGENS_USUARIO_MAPA, type UsuarioMapa } from '../../../shared/schemas/usuario-mapa';
import { ROTA_ADMIN_USUARIO_EDITAR } from '../../../shared/rotas-web';
import { ErrorSummary } from '../../components/error-summary';
import { CpfField } from '../../components/form/masked-field';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { Paginacao } from '../../components/paginacao';
import { AcaoDaLinha, TabelaCartoes, type Coluna } from '../../components/tabela-cartoes';
import { FormularioFiltros } from '../../components/formulario-filtros';
import { showToast } from '../../lib/toast';
import { OPCOES_ORGAO, OPCOES_PERFIL, OPCOES_UF } from './opcoes';
import { useUsuarios, type FiltrosUsuarios } from './usuario-mapa-api';
import './usuarios.css';

const TAMANHO_PAGINA = 20;

interface Valores {
  nome: string;
  cpf: string;
  tipoUsuario: string;
  siglaOrgao: string;
  ufOrgao: string;
  ativo: string;
}
const VAZIO: Valores = { nome: '', cpf: '', tipoUsuario: '', siglaOrgao: '', ufOrgao: '', ativo: '' };

const OPCOES_ATIVO = [
  { value: 'true', label: 'Ativos' },
  { value: 'false', label: 'Bloqueados' },
];

/** The address of the edit screen of a user (by CPF), or of a new one. */
export function enderecoEdicao(cpf?: string): string {
  return cpf ? `${ROTA_ADMIN_USUARIO_EDITAR}?cpf=${cpf}` : ROTA_ADMIN_USUARIO_EDITAR;
}

/** The id of each filter's field. */
const ID_FILTRO: Record<keyof Valores, string> = {
  nome: 'filtro-nome', cpf: 'filtro-cpf', tipoUsuario: 'filtro-perfil', siglaOrgao: 'filtro-orgao', ufOrgao: 'filtro-uf', ativo: 'filtro-ativo',
};

/** The filters checked by the list's query schema (`filtrosUsuarioMapa`), an empty field being no filter. */
function validar(v: Valores): { field: string; message: string }[] {
  const query = Object.fromEntries(Object.entries(v).map(([campo, valor]) => [campo, valor.trim() || undefined]));
  return problemasDoCorpo(filtrosUsuarioMapa, query).map((p) => ({ field: ID_FILTRO[p.path[0] as keyof Valores], message: p.message }));
}

/**
 * The map users: filters (name, CPF, profile, agency, state, active), the page, and the way to each user's edit
 * screen (for those who manage). 'Nenhum Usuário foi encontrado!' as an info toast when the search finds none.
 */
export function ListaUsuarios({ podeEditar }: { podeEditar: boolean }) {
  const [valores, setValores] = useState<Valores>(VAZIO);
  const [erros, setErros] = useState<{ field: string; message: string }[]>([]);
  const [tentativa, setTentativa] = useState(0);
  const [filtros, setFiltros] = useState<FiltrosUsuarios>({ pagina: 1, tamanhoPagina: TAMANHO_PAGINA });
  const query = useUsuarios(filtros);
  const total = query.data?.total;

  useEffect(() => {
    if (total === 0 && !query.isPlaceholderData) showToast('info', MENSAGENS_USUARIO_MAPA.nenhumUsuario);
  }, [total, query.isPlaceholderData, filtros]);

  const erroDe = (campo: string) => erros.find((e) => e.field === `filtro-${campo}`)?.message;
  const mudar = (campo: keyof Valores) => (valor: string) => setValores((v) => ({ ...v, [campo]: valor }));

  function pesquisar(e: React.FormEvent) {
    e.preventDefault();
    const encontrados = validar(valores);
    setErros(encontrados);
    if (encontrados.length > 0) {
      setTentativa((n) => n + 1);
      return;
    }
    setFiltros({
      nome: valores.nome.trim(), cpf: onlyDigits(valores.cpf), tipoUsuario: valores.tipoUsuario ? Number(valores.tipoUsuario) : undefined,
      siglaOrgao: valores.siglaOrgao, ufOrgao: valores.ufOrgao, ativo: valores.ativo ? valores.ativo === 'true' : undefined,
      pagina: 1, tamanhoPagina: TAMANHO_PAGINA,
    });
  }

  function limpar() {
    setValores(VAZIO);
    setErros([]);
    setFiltros({ pagina: 1, tamanhoPagina: TAMANHO_PAGINA });
  }

  const paginas = total ? Math.ceil(total / filtros.tamanhoPagina) : 0;

  return (
    <div className="usuarios">
      <FormularioFiltros
        idTitulo="titulo-filtros-usuarios"
        onSubmit={pesquisar}
        onLimpar={limpar}
        resumo={<ErrorSummary errors={erros} attempt={tentativa} />}
      >
        <TextField id="filtro-nome" label="Nome" hint="Pelo menos 3 letras" autoComplete="off" value={valores.nome}
          onChange={(e) => mudar('nome')(e.target.value)} error={erroDe('nome')} />
        <CpfField id="filtro-cpf" label="CPF" value={valores.cpf} onChange={(v) => mudar('cpf')(v)} error={erroDe('cpf')} />
        <SelectField id="filtro-perfil" label="Perfil" options={OPCOES_PERFIL} value={valores.tipoUsuario} onChange={mudar('tipoUsuario')} placeholder="Todos" />
        <SelectField id="filtro-orgao" label="Órgão" options={OPCOES_ORGAO} value={valores.siglaOrgao} onChange={mudar('siglaOrgao')} placeholder="Todos" />
        <SelectField id="filtro-uf" label="UF do órgão" options={OPCOES_UF} value={valores.ufOrgao} onChange={mudar('ufOrgao')} placeholder="Todas" />
        <SelectField id="filtro-ativo" label="Situação" options={OPCOES_ATIVO} value={valores.ativo} onChange={mudar('ativo')} placeholder="Todos" />
      </FormularioFiltros>

      {podeEditar && (
        <p className="mt-3">
          <Link to={enderecoEdicao()} className="br-button primary">
            <i className="fas fa-user-plus" aria-hidden="true" /> Cadastrar servidor
          </Link>
        </p>
      )}

      <section aria-labelledby="titulo-resultado-usuarios" className="mt-4">
        <h2 id="titulo-resultado-usuarios">Servidores</h2>
        {query.isPending && <Loading label="Carregando os usuários…" />}
        {query.isError && <Message kind="danger" title="Não foi possível consultar os usuários. Tente novamente." alert />}
        {query.data && query.data.total === 0 && <Message kind="info" title={MENSAGENS_USUARIO_MAPA.nenhumUsuario} />}
        {query.data && query.data.total > 0 && (
          <>
            <p role="status" className="usuarios-contagem">
              {query.data.total === 1 ? '1 servidor encontrado' : `${query.data.total} servidores encontrados`}
            </p>
            <TabelaUsuarios usuarios={query.data.usuarios} podeEditar={podeEditar} />
            <Paginacao
              rotulo="Paginação dos servidores"
              pagina={filtros.pagina}
              totalPaginas={paginas}
              onIr={(pagina) => setFiltros((f) => ({ ...f, pagina }))}
              compacta
            />
          </>
        )}
      </section>
    </div>
  );
}

const COLUNAS: Coluna<UsuarioMapa>[] = [
  { titulo: 'Nome', celula: (u) => u.usuario.nome },
  { titulo: 'CPF', classe: 'usuarios-nowrap', celula: (u) => <span className="numero-inteiro">{formatCpf(u.usuario.cpf)}</span> },
  { titulo: 'Perfil', celula: (u) => u.tipoUsuario.descricao },
  { titulo: 'Órgão', celula: (u) => `${u.siglaOrgao}/${u.ufOrgao}` },
  { titulo: 'Validade', celula: (u) => (u.validade ? formatarData(u.validade) : 'Sem prazo') },
  { titulo: 'Situação', celula: (u) => (u.ativo ? 'Ativo' : 'Bloqueado') },
];

const COLUNA_ACAO: Coluna<UsuarioMapa> = {
  titulo: 'Ação',
  celula: (u) => <AcaoDaLinha verbo="Editar" nome={u.usuario.nome} para={enderecoEdicao(u.usuario.cpf)} />,
};

function TabelaUsuarios({ usuarios, podeEditar }: { usuarios: UsuarioMapa[]; podeEditar: boolean }) {
  return (
    <TabelaCartoes
      legenda="Servidores com acesso ao sistema, em ordem alfabética"
      colunas={podeEditar ? [...COLUNAS, COLUNA_ACAO] : COLUNAS}
      linhas={usuarios}
      chave={(u) => u.id}
    />
  );
}
