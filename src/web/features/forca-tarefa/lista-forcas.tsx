import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MENSAGENS_FORCA_TAREFA, type ForcaTarefa } from '../../../shared/schemas/forca-tarefa';
import { ROTA_ADMIN_FORCA_TAREFA_FORM } from '../../../shared/rotas-web';
import { UFS } from '../../../shared/ufs';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { Message } from '../../components/message';
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
  const [filtros, setFiltros] = useState<FiltrosForcas>({ titulo: '', uf: '', ativa: '', pagina: 1, tamanhoPagina: TAMANHO });
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
  return (
    <>
      {gerenciar && (
        <p>
          <Link className="br-button primary" to={ROTA_ADMIN_FORCA_TAREFA_FORM}>
            <i className="fas fa-plus" aria-hidden="true" /> Cadastrar força-tarefa
          </Link>
        </p>
      )}
      <form
        className="admin-filtros"
        aria-labelledby="titulo-filtros-forcas"
        onSubmit={(e) => {
          e.preventDefault();
          setFiltros({ ...rascunho, pagina: 1, tamanhoPagina: TAMANHO });
        }}
      >
        <h2 id="titulo-filtros-forcas">Filtros</h2>
        <div className="admin-filtros-campos">
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
        </div>
        <div className="form-actions">
          <button type="submit" className="br-button secondary">
            <i className="fas fa-search" aria-hidden="true" /> Pesquisar
          </button>
        </div>
      </form>

      {lista.isError && <Message kind="danger" title={mensagemErro(lista.error, MENSAGENS_FORCA_TAREFA.erroConsultar)} />}
      <p role="status">{lista.data ? `${total} ${total === 1 ? 'força-tarefa encontrada' : 'forças-tarefa encontradas'}` : 'Carregando…'}</p>
      {lista.data && lista.data.forcasTarefa.length > 0 && (
        <div className="admin-tabela">
          <table className="br-table">
            <caption>Forças-tarefa</caption>
            <thead>
              <tr>
                <th scope="col">Título</th>
                <th scope="col">Ato normativo</th>
                <th scope="col">UFs atendidas</th>
                <th scope="col">Data limite</th>
                <th scope="col">Servidores</th>
                <th scope="col">Situação</th>
                {gerenciar && <th scope="col">Ações</th>}
              </tr>
            </thead>
            <tbody>
              {lista.data.forcasTarefa.map((f) => (
                <tr key={f.id}>
                  <th scope="row">{f.titulo}</th>
                  <td>{f.atoNormativo.nome}</td>
                  <td>{f.ufAtendidas.join(', ')}</td>
                  <td>{formatDate(f.dataLimite)}</td>
                  <td>{f.forcaTarefaLotacao.map((l) => `${l.usuarioMapa.nome} (${l.usuarioMapa.siglaOrgao})`).join('; ')}</td>
                  <td>{situacao(f)}</td>
                  {gerenciar && (
                    <td className="admin-acoes">
                      <Link className="br-button secondary small" to={`${ROTA_ADMIN_FORCA_TAREFA_FORM}?id=${f.id}`}>
                        Editar{' '}<span className="sr-only">{f.titulo}</span>
                      </Link>
                      <button type="button" className="br-button secondary small" disabled={acao.isPending} onClick={() => void executar('alternar', f)}>
                        {f.ativa ? 'Desativar' : 'Ativar'}{' '}<span className="sr-only">{f.titulo}</span>
                      </button>
                      <button type="button" className="br-button secondary small" disabled={acao.isPending} onClick={() => void executar('excluir', f)}>
                        Excluir{' '}<span className="sr-only">{f.titulo}</span>
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {paginas > 1 && (
        <nav className="admin-paginacao" aria-label="Paginação das forças-tarefa">
          <button type="button" className="br-button secondary" disabled={filtros.pagina <= 1} onClick={() => setFiltros({ ...filtros, pagina: filtros.pagina - 1 })}>
            Anterior
          </button>
          <span>
            Página {filtros.pagina} de {paginas}
          </span>
          <button type="button" className="br-button secondary" disabled={filtros.pagina >= paginas} onClick={() => setFiltros({ ...filtros, pagina: filtros.pagina + 1 })}>
            Próxima
          </button>
        </nav>
      )}
    </>
  );
}
