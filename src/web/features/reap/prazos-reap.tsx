import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { hojeSaoPaulo } from '../../../shared/datas';
import { contar } from '../../../shared/plural';
import { MENSAGENS_REAP } from '../../../shared/regras/reap';
import { MENSAGENS_INADIMPLENCIA_REAP } from '../../../shared/schemas/reap-inadimplencia';
import { prazoReapFormulario, type PrazoReap, type PrazoReapHistorico } from '../../../shared/schemas/reap';
import { ErrorSummary } from '../../components/error-summary';
import { CampoSelect, CampoTexto } from '../../components/form/campos';
import { summaryOf } from '../../components/form/form-errors';
import { useFormulario } from '../../components/form/use-formulario';
import { Message } from '../../components/message';
import { colunaDeAcoes, TabelaCartoes, type Coluna } from '../../components/tabela-cartoes';
import { mensagemErro } from '../../lib/api';
import { confirmar } from '../../lib/confirm';
import { formatDate, formatDateTime } from '../../lib/dates';
import { fetchAtosVigentesPrazo, fetchHistoricoPrazos, fetchPrazos, reapKeys, salvarPrazo } from './reap-api';
import {
  anoComObrigacoes, consultarInadimplentes, FormularioSuspensao, pendente, situacaoAviso, situacaoSuspensao, useCancelarSuspensao,
  useSalvarNaTelaDePrazos,
} from './suspensao-reap';

type Entrada = z.input<typeof prazoReapFormulario>;
type Saida = z.output<typeof prazoReapFormulario>;

const VAZIO: Entrada = { anoReferencia: '', inicioPreenchimento: '', fimPreenchimento: '', idAtoNormativo: '' };
const idCampo = (path: string) => `prazo-${path}`;

/** The year's obligations as the table shows them: never "not started" for a start in the past (decision 0071). */
export function situacaoObrigacoes(p: PrazoReap, hoje: string = hojeSaoPaulo()): string {
  if (p.obrigacoes?.concluidaEm) return `${contar(p.obrigacoes.criadas, 'criada', 'criadas')} em ${formatDateTime(p.obrigacoes.concluidaEm)}`;
  if (p.obrigacoes) return `Em criação: ${contar(p.obrigacoes.criadas, 'criada', 'criadas')} até agora`;
  if (!anoComObrigacoes(p.anoReferencia, hoje)) return `Ainda não criadas: são criadas quando ${p.anoReferencia} terminar e o prazo começar`;
  if (p.inicioPreenchimento > hoje) return `Ainda não criadas: o prazo começa em ${formatDate(p.inicioPreenchimento)}`;
  return 'Em criação: começa em instantes';
}

/** The dates of a window, each kept whole on one line (`.sem-quebra`). */
function periodo(inicio: string, fim: string) {
  return <><span className="sem-quebra">{formatDate(inicio)}</span> a <span className="sem-quebra">{formatDate(fim)}</span></>;
}

/** A confirmation only before a save that warns the defaulters at once (decision 0071). */
async function confirmarAviso(v: Saida, repetido: boolean): Promise<boolean> {
  if (repetido || v.fimPreenchimento >= hojeSaoPaulo()) return true;
  const r = await consultarInadimplentes(v.anoReferencia, v.fimPreenchimento);
  if (!r) return false;
  if (!r.avisaAoSalvar || (r.inadimplentes === 0 && r.obrigacoesCompletas)) return true;
  const m = MENSAGENS_INADIMPLENCIA_REAP.confirmarAviso;
  return confirmar({
    title: m.titulo, confirmButtonText: m.botao,
    text: m.texto({ ano: v.anoReferencia, fim: v.fimPreenchimento, inadimplentes: r.inadimplentes, completas: r.obrigacoesCompletas }),
  });
}

/** The columns of a reference year, before its actions. */
const COLUNAS: Coluna<PrazoReap>[] = [
  { titulo: 'Ano de referência', celula: (p) => <span className="sem-quebra">{p.anoReferencia}</span> },
  { titulo: 'Preenchimento', celula: (p) => periodo(p.inicioPreenchimento, p.fimPreenchimento) },
  { titulo: 'Ato normativo', celula: (p) => p.atoNormativo?.nome ?? 'Sem ato citado' },
  { titulo: 'Obrigações dos pescadores', celula: (p) => situacaoObrigacoes(p) },
  { titulo: 'Aviso aos inadimplentes', celula: situacaoAviso },
  { titulo: 'Suspensão dos inadimplentes', celula: situacaoSuspensao },
];

/** /administracao/prazos-reap: each year's filling window, its history of acts, and the form (decision 0052). */
export function PrazosReap() {
  // Read again every 5 s while anything of a year is pending (to be created, warned or suspended, or under way).
  const prazos = useQuery({
    queryKey: reapKeys.prazos(), queryFn: fetchPrazos, refetchInterval: (q) => ((q.state.data ?? []).some((p) => pendente(p)) ? 5000 : false),
  });
  const historico = useQuery({ queryKey: reapKeys.historicoPrazos(), queryFn: fetchHistoricoPrazos });
  const atos = useQuery({ queryKey: reapKeys.atosVigentes(), queryFn: fetchAtosVigentesPrazo });
  const form = useFormulario<Entrada, unknown, Saida>({ resolver: zodResolver(prazoReapFormulario), defaultValues: VAZIO });
  const { control, handleSubmit, reset, formState: { errors } } = form;

  const cancelar = useCancelarSuspensao();
  const { mutacao: salvar, tentativa, novaTentativa } = useSalvarNaTelaDePrazos(form, salvarPrazo, VAZIO);

  const onSubmit = handleSubmit(async (v) => {
    const repetido = (historico.data ?? []).some((h) => h.anoReferencia === v.anoReferencia && h.atoNormativo?.id === v.idAtoNormativo);
    if (await confirmarAviso(v, repetido)) salvar.mutate(v);
  }, novaTentativa);

  // An extension is a new act (decision 0071): the form keeps the year and its dates, and asks for the act.
  const alterar = (p: PrazoReap) => {
    reset({
      anoReferencia: String(p.anoReferencia), inicioPreenchimento: p.inicioPreenchimento, fimPreenchimento: p.fimPreenchimento,
      idAtoNormativo: '',
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
        <p>Prorrogar um prazo é um novo ato normativo e uma nova data de fim; os anteriores ficam no histórico. Um ato que já definiu um prazo do ano não pode ser citado de novo.</p>
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

      <FormularioSuspensao prazos={prazos.data ?? []} atos={opcoesAtos} />

      <section aria-labelledby="prazos-historico">
        <h2 id="prazos-historico">Histórico dos prazos</h2>
        {[...porAno.entries()].map(([ano, linhas]) => (
          <div key={ano}>
            <h3>{ano}</h3>
            <ol className="prazo-historico">
              {linhas.map((h) => (
                <li key={h.id}>
                  {periodo(h.inicioPreenchimento, h.fimPreenchimento)} · {h.atoNormativo?.nome ?? 'Sem ato citado'} · registrado em{' '}
                  <span className="sem-quebra">{formatDateTime(h.registradoEm)}</span>
                </li>
              ))}
            </ol>
          </div>
        ))}
      </section>
    </>
  );
}
