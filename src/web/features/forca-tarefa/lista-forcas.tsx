import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MENSAGENS_FORCA_TAREFA, type ForcaTarefa } from '../../../shared/schemas/forca-tarefa';
import { ROTA_ADMIN_FORCA_TAREFA_FORM } from '../../../shared/rotas-web';
import { isUf, UFS } from '../../../shared/ufs';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { Message } from '../../components/message';
import { Paginacao } from '../../components/paginacao';
import { AcaoDaLinha, colunaDeAcoes, TabelaCartoes, type Coluna } from '../../components/tabela-cartoes';
import { FormularioFiltros } from '../../components/formulario-filtros';
import { mensagemErro } from '../../lib/api';
import { confirmar } from '../../lib/confirm';
import { formatDate } from '../../lib/dates';
import { showToast } from '../../lib/toast';
import { ativarDesativar, excluirForca, fetchForcas, forcaKeys, type FiltrosForcas } from './forca-tarefa-api';

const TAMANHO = 10;
const OPCOES_UF = UFS.map((u) => ({ value: u.sigla, label: `${u.sigla} – ${u.nome}` }));

function situacao(f: ForcaTarefa): string {
  if (!f.ativa) return 'Inativa';
  return f.emVigor ? 'Ativa' : 'Prazo encerrado';
}

/**
 * The task forces (spec point 7): filters by title, state and active flag; a page of task forces with their act,
 * states, deadline and servers; edit, activate or deactivate and delete (each confirmed) when `gerenciar`.
 */
export function ListaForcas({ gerenciar }: { gerenciar: boolean }) {
  const [filtros, setFiltros] = useState<FiltrosForcas>({ pagina: 1, tamanhoPagina: TAMANHO });
  const [rascunho, setRascunho] = useState({ titulo: '', uf: '', ativa: '' as '' | 'true' | 'false' });
  const qc = useQueryClient();
  const lista = useQuery({ queryKey: forcaKeys.lista(filtros), queryFn: () => fetchForcas(filtros), placeholderData: keepPreviousData });
  const acao = useMutation({
    mutationFn: async (a: { tipo: 'excluir' | 'alternar'; forca: ForcaTarefa }): Promise<{ mensagem: string }> =>
      a.tipo === 'excluir' ? excluirForca(a.forca.id) : ativarDesativar(a.forca.id, !a.forca.ativa),
    onSuccess: async (r) => {
      showToast('success', r.mensagem);
      await qc.invalidateQueries({ queryKey: forcaKeys.all });
    },
    onError: (e) => showToast('error', mensagemErro(e, MENSAGENS_FORCA_TAREFA.erroConsultar)),
  });

  async function executar(tipo: 'excluir' | 'alternar', forca: ForcaTarefa) {
    const texto = tipo === 'excluir'
      ? `A força-tarefa "${forca.titulo}" será excluída. Você não será capaz de reverter esta ação!`
      : `A força-tarefa "${forca.titulo}" será ${forca.ativa ? 'desativada' : 'ativada'}.`;
    if (await confirmar({ text: texto })) acao.mutate({ tipo, forca });
  }

  const total = lista.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / TAMANHO));
  const colunas: Coluna<ForcaTarefa>[] = [
    { titulo: 'Título', celula: (f) => f.titulo },
    { titulo: 'Ato normativo', celula: (f) => f.atoNormativo.nome },
    { titulo: 'UFs atendidas', celula: (f) => f.ufAtendidas.join(', ') },
    { titulo: 'Data limite', celula: (f) => formatDate(f.dataLimite) },
    { titulo: 'Servidores', celula: (f) => f.forcaTarefaLotacao.map((l) => `${l.usuarioMapa.nome} (${l.usuarioMapa.siglaOrgao})`).join('; ') },
    { titulo: 'Situação', celula: situacao },
  ];
  if (gerenciar) {
    colunas.push(colunaDeAcoes((f) => (
      <>
        <AcaoDaLinha verbo="Editar" nome={f.titulo} para={`${ROTA_ADMIN_FORCA_TAREFA_FORM}?id=${f.id}`} />
        <AcaoDaLinha verbo={f.ativa ? 'Desativar' : 'Ativar'} nome={f.titulo} onClick={() => void executar('alternar', f)} disabled={acao.isPending} />
        <AcaoDaLinha verbo="Excluir" nome={f.titulo} onClick={() => void executar('excluir', f)} disabled={acao.isPending} />
      </>
    ), 'admin-acoes'));
  }
  return (
    <>
      {gerenciar && (
        <p>
          <Link className="br-button primary" to={ROTA_ADMIN_FORCA_TAREFA_FORM}>
            <i className="fas fa-plus" aria-hidden="true" /> Cadastrar força-tarefa
          </Link>
        </p>
      )}
      <FormularioFiltros
        idTitulo="titulo-filtros-forcas"
        className="admin-filtros"
        onSubmit={(e) => {
          e.preventDefault();
          setFiltros({
            titulo: rascunho.titulo, uf: isUf(rascunho.uf) ? rascunho.uf : undefined,
            ativa: rascunho.ativa ? rascunho.ativa === 'true' : undefined, pagina: 1, tamanhoPagina: TAMANHO,
          });
        }}
      >
        <TextField id="filtro-titulo-forca" label="Título" value={rascunho.titulo} maxLength={200} onChange={(e) => setRascunho({ ...rascunho, titulo: e.target.value })} />
        <SelectField id="filtro-uf-forca" name="uf" label="UF atendida" placeholder="Todas" value={rascunho.uf} options={OPCOES_UF} onChange={(v) => setRascunho({ ...rascunho, uf: v })} />
        <SelectField
          id="filtro-ativa-forca"
          name="ativa"
          label="Situação"
          placeholder="Todas"
          value={rascunho.ativa}
          options={[{ value: 'true', label: 'Ativa' }, { value: 'false', label: 'Inativa' }]}
          onChange={(v) => setRascunho({ ...rascunho, ativa: v as '' | 'true' | 'false' })}
        />
      </FormularioFiltros>

      {lista.isError && <Message kind="danger" title={mensagemErro(lista.error, MENSAGENS_FORCA_TAREFA.erroConsultar)} />}
      <p role="status">{lista.data ? `${total} ${total === 1 ? 'força-tarefa encontrada' : 'forças-tarefa encontradas'}` : 'Carregando…'}</p>
      {lista.data && lista.data.forcasTarefa.length > 0 && (
        <TabelaCartoes legenda="Forças-tarefa" colunas={colunas} linhas={lista.data.forcasTarefa} chave={(f) => f.id} />
      )}
      <Paginacao rotulo="Paginação das forças-tarefa" pagina={filtros.pagina} totalPaginas={paginas} onIr={(pagina) => setFiltros({ ...filtros, pagina })} className="admin-paginacao" />
    </>
  );
}
