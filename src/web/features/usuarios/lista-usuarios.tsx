import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatCpf, isValidCpf, onlyDigits } from '../../../shared/cpf';
import { formatarData } from '../../../shared/datas';
import { MENSAGENS_USUARIO_MAPA, type UsuarioMapa } from '../../../shared/schemas/usuario-mapa';
import { ROTA_ADMIN_USUARIO_EDITAR } from '../../../shared/rotas-web';
import { ErrorSummary } from '../../components/error-summary';
import { CpfField } from '../../components/form/masked-field';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { showToast } from '../../lib/toast';
import { OPCOES_ORGAO, OPCOES_PERFIL, OPCOES_UF } from './opcoes';
import { useUsuarios, type FiltrosUsuarios } from './usuarios-api';
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

function validar(v: Valores): { field: string; message: string }[] {
  const erros: { field: string; message: string }[] = [];
  if (v.nome.trim() && v.nome.trim().length < 3) erros.push({ field: 'filtro-nome', message: 'Informe pelo menos 3 letras do nome' });
  if (v.cpf.trim() && !isValidCpf(v.cpf)) erros.push({ field: 'filtro-cpf', message: MENSAGENS_USUARIO_MAPA.cpfInvalido });
  return erros;
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
      <form aria-labelledby="titulo-filtros-usuarios" noValidate onSubmit={pesquisar}>
        <h2 id="titulo-filtros-usuarios">Filtros</h2>
        <ErrorSummary errors={erros} attempt={tentativa} />
        <div className="usuarios-campos">
          <TextField id="filtro-nome" label="Nome" hint="Pelo menos 3 letras" autoComplete="off" value={valores.nome}
            onChange={(e) => mudar('nome')(e.target.value)} error={erroDe('nome')} />
          <CpfField id="filtro-cpf" label="CPF" value={valores.cpf} onChange={(v) => mudar('cpf')(v)} error={erroDe('cpf')} />
          <SelectField id="filtro-perfil" label="Perfil" options={OPCOES_PERFIL} value={valores.tipoUsuario} onChange={mudar('tipoUsuario')} placeholder="Todos" />
          <SelectField id="filtro-orgao" label="Órgão" options={OPCOES_ORGAO} value={valores.siglaOrgao} onChange={mudar('siglaOrgao')} placeholder="Todos" />
          <SelectField id="filtro-uf" label="UF do órgão" options={OPCOES_UF} value={valores.ufOrgao} onChange={mudar('ufOrgao')} placeholder="Todas" />
          <SelectField id="filtro-ativo" label="Situação" options={OPCOES_ATIVO} value={valores.ativo} onChange={mudar('ativo')} placeholder="Todos" />
        </div>
        <div className="form-actions">
          <button type="button" className="br-button secondary" onClick={limpar}>Limpar filtros</button>
          <div className="form-actions-forward">
            <button type="submit" className="br-button primary">
              <i className="fas fa-search" aria-hidden="true" /> Pesquisar
            </button>
          </div>
        </div>
      </form>

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
            {paginas > 1 && (
              <nav className="usuarios-paginacao" aria-label="Paginação dos servidores">
                <button type="button" className="br-button secondary small" disabled={filtros.pagina <= 1}
                  onClick={() => setFiltros((f) => ({ ...f, pagina: f.pagina - 1 }))}>
                  Página anterior
                </button>
                <span>Página {filtros.pagina} de {paginas}</span>
                <button type="button" className="br-button secondary small" disabled={filtros.pagina >= paginas}
                  onClick={() => setFiltros((f) => ({ ...f, pagina: f.pagina + 1 }))}>
                  Próxima página
                </button>
              </nav>
            )}
          </>
        )}
      </section>
    </div>
  );
}

const COLUNAS = ['Nome', 'CPF', 'Perfil', 'Órgão', 'Validade', 'Situação', 'Ação'] as const;

function TabelaUsuarios({ usuarios, podeEditar }: { usuarios: UsuarioMapa[]; podeEditar: boolean }) {
  return (
    <table className="tabela-cartoes" role="table">
      <caption>Servidores com acesso ao sistema, em ordem alfabética</caption>
      <thead role="rowgroup">
        <tr role="row">
          {COLUNAS.filter((c) => podeEditar || c !== 'Ação').map((c) => (
            <th key={c} scope="col" role="columnheader">{c}</th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {usuarios.map((u) => (
          <tr key={u.id} role="row">
            <th scope="row" role="rowheader" data-rotulo="Nome">{u.usuario.nome}</th>
            <td role="cell" data-rotulo="CPF" className="usuarios-nowrap"><span className="numero-inteiro">{formatCpf(u.usuario.cpf)}</span></td>
            <td role="cell" data-rotulo="Perfil">{u.tipoUsuario.descricao}</td>
            <td role="cell" data-rotulo="Órgão">{u.siglaOrgao}/{u.ufOrgao}</td>
            <td role="cell" data-rotulo="Validade">{u.validade ? formatarData(u.validade) : 'Sem prazo'}</td>
            <td role="cell" data-rotulo="Situação">{u.ativo ? 'Ativo' : 'Bloqueado'}</td>
            {podeEditar && (
              <td role="cell" data-rotulo="Ação">
                <Link className="br-button secondary small" to={enderecoEdicao(u.usuario.cpf)}>
                  Editar <span className="sr-only">{u.usuario.nome}</span>
                </Link>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
