import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MENSAGENS_ATO_NORMATIVO, type AtoNormativo } from '../../../shared/schemas/ato-normativo';
import { ROTA_ADMIN_ATO_FORM } from '../../../shared/rotas-web';
import { Message } from '../../components/message';
import { Paginacao } from '../../components/paginacao';
import { AcaoDaLinha, colunaDeAcoes, TabelaCartoes, type Coluna } from '../../components/tabela-cartoes';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { FormularioFiltros } from '../../components/formulario-filtros';
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
  const [filtros, setFiltros] = useState<FiltrosAtos>({ pagina: 1, tamanhoPagina: TAMANHO });
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
  const colunas: Coluna<AtoNormativo>[] = [
    { titulo: 'Nome', celula: (a) => a.nome },
    { titulo: 'Vigência', celula: vigencia },
    { titulo: 'Situação', celula: (a) => (a.vigente ? 'Vigente' : 'Não vigente') },
  ];
  if (gerenciar) {
    colunas.push(colunaDeAcoes((a) => (
      <>
        <AcaoDaLinha verbo="Editar" nome={a.nome} para={`${ROTA_ADMIN_ATO_FORM}?id=${a.id}`} />
        <AcaoDaLinha verbo="Excluir" nome={a.nome} onClick={() => void excluir(a)} disabled={exclusao.isPending} />
      </>
    ), 'admin-acoes'));
  }

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

      <FormularioFiltros
        idTitulo="titulo-filtros-atos"
        className="admin-filtros"
        onSubmit={(e) => {
          e.preventDefault();
          setFiltros({ nome, vigente: vigente ? vigente === 'true' : undefined, pagina: 1, tamanhoPagina: TAMANHO });
        }}
      >
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
      </FormularioFiltros>

      {lista.isError && <Message kind="danger" title={mensagemErro(lista.error, MENSAGENS_ATO_NORMATIVO.erroConsultar)} />}
      <p role="status">{lista.data ? `${total} ${total === 1 ? 'ato normativo encontrado' : 'atos normativos encontrados'}` : 'Carregando…'}</p>
      {lista.data && lista.data.atosNormativos.length > 0 && (
        <TabelaCartoes legenda="Atos normativos" colunas={colunas} linhas={lista.data.atosNormativos} chave={(a) => a.id} />
      )}
      <Paginacao rotulo="Paginação dos atos normativos" pagina={filtros.pagina} totalPaginas={paginas} onIr={(pagina) => setFiltros({ ...filtros, pagina })} className="admin-paginacao" />
    </>
  );
}
