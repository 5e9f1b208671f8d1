import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MENSAGENS_ATO_NORMATIVO, type AtoNormativo } from '../../../shared/schemas/ato-normativo';
import { ROTA_ADMIN_ATO_FORM } from '../../../shared/rotas-web';
import { Message } from '../../components/message';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { mensagemErro } from '../../lib/api';
import { confirmar } from '../../lib/confirm';
import { formatDate } from '../../lib/dates';
import { showToast } from '../../lib/toast';
import { atoKeys, excluirAto, fetchAtos, type FiltrosAtos } from './ato-normativo-api';
import { useAtoVigente } from './aviso-sem-ato';

const TAMANHO = 10;

function vigencia(a: AtoNormativo): string {
  return a.dataTerminoVigencia ? `${formatDate(a.dataInicioVigencia)} a ${formatDate(a.dataTerminoVigencia)}` : `A partir de ${formatDate(a.dataInicioVigencia)}`;
}

/**
 * The normative acts (spec point 7): the act in force, filters by name and situation, a page of acts with
 * edit and delete (confirmed; an act still cited answers the server's 409 message). `gerenciar` shows the actions.
 */
export function ListaAtos({ gerenciar }: { gerenciar: boolean }) {
  const [filtros, setFiltros] = useState<FiltrosAtos>({ nome: '', vigente: '', pagina: 1, tamanhoPagina: TAMANHO });
  const [nome, setNome] = useState('');
  const [vigente, setVigente] = useState<'' | 'true' | 'false'>('');
  const qc = useQueryClient();
  const vigenteHoje = useAtoVigente();
  const lista = useQuery({ queryKey: atoKeys.lista(filtros), queryFn: () => fetchAtos(filtros), placeholderData: keepPreviousData });
  const exclusao = useMutation({
    mutationFn: (id: number) => excluirAto(id),
    onSuccess: async (r) => {
      showToast('success', r.mensagem);
      await qc.invalidateQueries({ queryKey: atoKeys.all });
    },
    onError: (e) => showToast('error', mensagemErro(e, MENSAGENS_ATO_NORMATIVO.erroSalvar)),
  });

  async function excluir(a: AtoNormativo) {
    if (await confirmar({ text: `O ato normativo "${a.nome}" será excluído. Você não será capaz de reverter esta ação!` })) exclusao.mutate(a.id);
  }

  const total = lista.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / TAMANHO));

  return (
    <>
      <section aria-labelledby="titulo-vigente" className="admin-bloco">
        <h2 id="titulo-vigente">Ato normativo vigente</h2>
        {vigenteHoje.data ? (
          <p>
            <strong>{vigenteHoje.data.nome}</strong> — {vigencia(vigenteHoje.data)}
          </p>
        ) : vigenteHoje.isSuccess ? (
          <Message kind="warning" title={MENSAGENS_ATO_NORMATIVO.semVigente} />
        ) : (
          <p role="status">Carregando…</p>
        )}
      </section>

      {gerenciar && (
        <p>
          <Link className="br-button primary" to={ROTA_ADMIN_ATO_FORM}>
            <i className="fas fa-plus" aria-hidden="true" /> Cadastrar ato normativo
          </Link>
        </p>
      )}

      <form
        className="admin-filtros"
        aria-labelledby="titulo-filtros-atos"
        onSubmit={(e) => {
          e.preventDefault();
          setFiltros({ nome, vigente, pagina: 1, tamanhoPagina: TAMANHO });
        }}
      >
        <h2 id="titulo-filtros-atos">Filtros</h2>
        <div className="admin-filtros-campos">
          <TextField id="filtro-nome-ato" label="Nome" value={nome} onChange={(e) => setNome(e.target.value)} maxLength={200} />
          <SelectField
            id="filtro-vigente-ato"
            name="vigente"
            label="Situação"
            placeholder="Todos"
            value={vigente}
            onChange={(v) => setVigente(v as '' | 'true' | 'false')}
            options={[{ value: 'true', label: 'Vigente' }, { value: 'false', label: 'Não vigente' }]}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="br-button secondary">
            <i className="fas fa-search" aria-hidden="true" /> Pesquisar
          </button>
        </div>
      </form>

      {lista.isError && <Message kind="danger" title={mensagemErro(lista.error, MENSAGENS_ATO_NORMATIVO.erroConsultar)} />}
      <p role="status">{lista.data ? `${total} ${total === 1 ? 'ato normativo encontrado' : 'atos normativos encontrados'}` : 'Carregando…'}</p>
      {lista.data && lista.data.atosNormativos.length > 0 && (
        <div className="admin-tabela">
          <table className="br-table">
            <caption>Atos normativos</caption>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Vigência</th>
                <th scope="col">Situação</th>
                {gerenciar && <th scope="col">Ações</th>}
              </tr>
            </thead>
            <tbody>
              {lista.data.atosNormativos.map((a) => (
                <tr key={a.id}>
                  <th scope="row">{a.nome}</th>
                  <td>{vigencia(a)}</td>
                  <td>{a.vigente ? 'Vigente' : 'Não vigente'}</td>
                  {gerenciar && (
                    <td className="admin-acoes">
                      <Link className="br-button secondary small" to={`${ROTA_ADMIN_ATO_FORM}?id=${a.id}`}>
                        Editar{' '}<span className="sr-only">{a.nome}</span>
                      </Link>
                      <button type="button" className="br-button secondary small" onClick={() => void excluir(a)} disabled={exclusao.isPending}>
                        Excluir{' '}<span className="sr-only">{a.nome}</span>
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
        <nav className="admin-paginacao" aria-label="Paginação dos atos normativos">
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
