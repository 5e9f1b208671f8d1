import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { MENSAGENS_REAP } from '../../../shared/regras/reap';
import { prazoReapFormulario, type PrazoReap, type PrazoReapHistorico } from '../../../shared/schemas/reap';
import { ErrorSummary } from '../../components/error-summary';
import { CampoSelect, CampoTexto } from '../../components/form/campos';
import { summaryOf } from '../../components/form/form-errors';
import { useFormulario } from '../../components/form/use-formulario';
import { Message } from '../../components/message';
import { colunaDeAcoes, TabelaCartoes, type Coluna } from '../../components/tabela-cartoes';
import { mensagemErro } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/dates';
import { fetchAtosVigentesPrazo, fetchHistoricoPrazos, fetchPrazos, reapKeys, salvarPrazo } from './reap-api';
import {
  emAndamento, FormularioSuspensao, situacaoAviso, situacaoSuspensao, useCancelarSuspensao, useSalvarNaTelaDePrazos,
} from './suspensao-reap';

type Entrada = z.input<typeof prazoReapFormulario>;
type Saida = z.output<typeof prazoReapFormulario>;

const VAZIO: Entrada = { anoReferencia: '', inicioPreenchimento: '', fimPreenchimento: '', idAtoNormativo: '' };
const idCampo = (path: string) => `prazo-${path}`;

function situacaoObrigacoes(p: PrazoReap): string {
  if (!p.obrigacoes) return 'Ainda não criadas (o prazo não começou)';
  if (p.obrigacoes.concluidaEm) return `${p.obrigacoes.criadas.toLocaleString('pt-BR')} criadas em ${formatDateTime(p.obrigacoes.concluidaEm)}`;
  return `Em criação: ${p.obrigacoes.criadas.toLocaleString('pt-BR')} até agora`;
}

/** The columns of a reference year, before its actions. */
const COLUNAS: Coluna<PrazoReap>[] = [
  { titulo: 'Ano de referência', celula: (p) => p.anoReferencia },
  { titulo: 'Preenchimento', celula: (p) => `${formatDate(p.inicioPreenchimento)} a ${formatDate(p.fimPreenchimento)}` },
  { titulo: 'Ato normativo', celula: (p) => p.atoNormativo?.nome ?? 'Sem ato citado' },
  { titulo: 'Obrigações dos pescadores', celula: situacaoObrigacoes },
  { titulo: 'Aviso aos inadimplentes', celula: situacaoAviso },
  { titulo: 'Suspensão dos inadimplentes', celula: situacaoSuspensao },
];

/**
 * /administracao/prazos-reap (GESTOR, ADMIN): each reference year's filling window with the normative act that set
 * it, its history (each extension is a new act and a new end), and the form that sets or extends one (decision
 * 0052). The form's resolver is the shared schema; errors at the fields and in the summary, in the same words.
 */
export function PrazosReap() {
  // Read again every 5 s while a year's obligations, warning or suspension is running, so the progress shows.
  const prazos = useQuery({
    queryKey: reapKeys.prazos(), queryFn: fetchPrazos, refetchInterval: (q) => ((q.state.data ?? []).some(emAndamento) ? 5000 : false),
  });
  const historico = useQuery({ queryKey: reapKeys.historicoPrazos(), queryFn: fetchHistoricoPrazos });
  const atos = useQuery({ queryKey: reapKeys.atosVigentes(), queryFn: fetchAtosVigentesPrazo });
  const form = useFormulario<Entrada, unknown, Saida>({ resolver: zodResolver(prazoReapFormulario), defaultValues: VAZIO });
  const { control, handleSubmit, reset, formState: { errors } } = form;

  const cancelar = useCancelarSuspensao();
  const { mutacao: salvar, tentativa, novaTentativa } = useSalvarNaTelaDePrazos(form, salvarPrazo, VAZIO);

  const onSubmit = handleSubmit((v) => salvar.mutate(v), novaTentativa);

  const alterar = (p: PrazoReap) => {
    reset({
      anoReferencia: String(p.anoReferencia), inicioPreenchimento: p.inicioPreenchimento, fimPreenchimento: p.fimPreenchimento,
      idAtoNormativo: p.atoNormativo ? String(p.atoNormativo.id) : '',
    });
    document.getElementById(idCampo('fimPreenchimento'))?.focus();
  };

  const opcoesAtos = (atos.data?.atosNormativos ?? []).map((a) => ({ value: String(a.id), label: a.nome }));
  const porAno = new Map<number, PrazoReapHistorico[]>();
  for (const h of historico.data ?? []) porAno.set(h.anoReferencia, [...(porAno.get(h.anoReferencia) ?? []), h]);

  return (
    <>
      <section aria-labelledby="prazos-vigentes">
        <h2 id="prazos-vigentes">Prazos por ano de referência</h2>
        {prazos.isError && <Message kind="danger" title={mensagemErro(prazos.error, MENSAGENS_REAP.erroConsultar)} />}
        {prazos.data?.length === 0 && <p>Nenhum prazo cadastrado.</p>}
        {prazos.data && prazos.data.length > 0 && (
          // A table on wide screens, a card per year on phones.
          <TabelaCartoes
            legenda="Prazos de preenchimento da REAP por ano de referência"
            legendaOculta
            colunas={[
              ...COLUNAS,
              colunaDeAcoes<PrazoReap>((p) => (
                <>
                  <button type="button" className="br-button secondary small" onClick={() => alterar(p)}>
                    Prorrogar o prazo de {p.anoReferencia}
                  </button>
                  {p.suspensao && !p.suspensao.lote && (
                    <button type="button" className="br-button secondary small" disabled={cancelar.isPending} onClick={() => cancelar.mutate(p.anoReferencia)}>
                      Cancelar a suspensão de {p.anoReferencia}
                    </button>
                  )}
                </>
              ), 'tabela-cartoes-acao'),
            ]}
            linhas={prazos.data}
            chave={(p) => p.anoReferencia}
          />
        )}
      </section>

      <section aria-labelledby="prazo-formulario">
        <h2 id="prazo-formulario">Definir ou prorrogar um prazo</h2>
        <p>Prorrogar um prazo é um novo ato normativo e uma nova data de fim; os anteriores ficam no histórico.</p>
        <form aria-label="Definir prazo de preenchimento da REAP" noValidate onSubmit={(e) => void onSubmit(e)}>
          <ErrorSummary errors={summaryOf(errors, idCampo)} attempt={tentativa} />
          <CampoTexto control={control} name="anoReferencia" id={idCampo('anoReferencia')} label="Ano de referência" inputMode="numeric" maxLength={4} hint="Por exemplo: 2025" />
          <div className="admin-datas">
            <CampoTexto control={control} name="inicioPreenchimento" id={idCampo('inicioPreenchimento')} label="Início do preenchimento" type="date" />
            <CampoTexto control={control} name="fimPreenchimento" id={idCampo('fimPreenchimento')} label="Fim do preenchimento" type="date" />
          </div>
          <CampoSelect
            control={control} name="idAtoNormativo" id={idCampo('idAtoNormativo')} label="Ato normativo"
            hint="O ato que define ou prorroga o prazo (atos vigentes)" options={opcoesAtos} placeholder="Selecione"
          />
          <div className="form-actions">
            <div className="form-actions-forward">
              <button type="submit" className="br-button primary" disabled={salvar.isPending}>Salvar prazo</button>
            </div>
          </div>
        </form>
      </section>

      <FormularioSuspensao anos={(prazos.data ?? []).map((p) => p.anoReferencia)} atos={opcoesAtos} />

      <section aria-labelledby="prazos-historico">
        <h2 id="prazos-historico">Histórico dos prazos</h2>
        {[...porAno.entries()].map(([ano, linhas]) => (
          <div key={ano}>
            <h3>{ano}</h3>
            <ol className="prazo-historico">
              {linhas.map((h) => (
                <li key={h.id}>
                  {formatDate(h.inicioPreenchimento)} a {formatDate(h.fimPreenchimento)} · {h.atoNormativo?.nome ?? 'Sem ato citado'} · registrado em {formatDateTime(h.registradoEm)}
                </li>
              ))}
            </ol>
          </div>
        ))}
      </section>
    </>
  );
}
