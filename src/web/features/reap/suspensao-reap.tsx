import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { hojeSaoPaulo } from '../../../shared/datas';
import { contar } from '../../../shared/plural';
import { ANO_REAP_EXCECAO } from '../../../shared/regras/reap-ano-excecao';
import { MENSAGENS_REAP } from '../../../shared/regras/reap';
import { MENSAGENS_INADIMPLENCIA_REAP, suspensaoReapFormulario, type InadimplentesReap } from '../../../shared/schemas/reap-inadimplencia';
import type { PrazoReap } from '../../../shared/schemas/reap';
import { ErrorSummary } from '../../components/error-summary';
import { CampoSelect, CampoTexto } from '../../components/form/campos';
import { summaryOf } from '../../components/form/form-errors';
import { useFormulario, type Formulario } from '../../components/form/use-formulario';
import { mensagemErro } from '../../lib/api';
import { confirmar } from '../../lib/confirm';
import { formatDate, formatDateTime } from '../../lib/dates';
import { showToast } from '../../lib/toast';
import { agendarSuspensao, cancelarSuspensao, fetchInadimplentes, reapKeys } from './reap-api';

type Entrada = z.input<typeof suspensaoReapFormulario>;
type Saida = z.output<typeof suspensaoReapFormulario>;

const VAZIO: Entrada = { anoReferencia: '', idAtoNormativo: '', dataSuspensao: '' };
const idCampo = (path: string) => `suspensao-${path}`;
const n = (v: number) => v.toLocaleString('pt-BR');
const pescadores = (v: number) => contar(v, 'pescador', 'pescadores');
const avisados = (v: number) => contar(v, 'pescador avisado', 'pescadores avisados');

/** A closed year, or the exception. */
export function anoComObrigacoes(ano: number, hoje: string): boolean {
  return ano < Number(hoje.slice(0, 4)) || ano === ANO_REAP_EXCECAO;
}

/** The table then reads the windows again (docs/decisions/0071). */
export function pendente(p: PrazoReap, hoje: string = hojeSaoPaulo()): boolean {
  const aberto = p.inicioPreenchimento <= hoje && anoComObrigacoes(p.anoReferencia, hoje);
  const obrigacoes = aberto && !p.obrigacoes?.concluidaEm;
  const aviso = aberto && p.fimPreenchimento < hoje && (p.aviso?.fimPreenchimento !== p.fimPreenchimento || !p.aviso.concluidoEm);
  const suspensao = aberto && p.suspensao !== null && p.suspensao.dataSuspensao <= hoje && p.suspensao.lote?.situacao !== 2;
  const emCurso = (p.aviso !== null && p.aviso.concluidoEm === null) || (p.suspensao?.lote != null && p.suspensao.lote.situacao !== 2);
  return obrigacoes || aviso || suspensao || emCurso;
}

/** See docs/decisions/0055. */
export function situacaoAviso(p: PrazoReap): string {
  const a = p.aviso;
  if (!a) return p.fimPreenchimento < hojeSaoPaulo() ? 'Aguardando o aviso' : 'Quando o prazo terminar';
  const emails = `${n(a.emailsEnviados)} ${a.emailsEnviados === 1 ? 'e-mail' : 'e-mails'}`;
  if (a.concluidoEm) return `${avisados(a.avisados)} (prazo de ${formatDate(a.fimPreenchimento)}), ${emails}; concluído em ${formatDateTime(a.concluidoEm)}`;
  return `Em andamento: ${avisados(a.avisados)} até agora (prazo de ${formatDate(a.fimPreenchimento)}), ${emails}`;
}

export function situacaoSuspensao(p: PrazoReap): string {
  const s = p.suspensao;
  if (!s) return 'Não agendada';
  const base = `Em ${formatDate(s.dataSuspensao)}, ${s.atoNormativo.nome}`;
  if (!s.lote) return `${base}: agendada`;
  const andamento = s.lote.situacao === 2 ? 'concluído' : `em processamento (${n(s.lote.concluidos)} de ${n(s.lote.total)})`;
  return `${base}: lote nº ${s.lote.id}, ${pescadores(s.lote.total)}, ${andamento}`;
}

export function useCancelarSuspensao() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ano: number) => ((await confirmar({ text: `A suspensão agendada dos inadimplentes da REAP de ${ano} será cancelada.` })) ? cancelarSuspensao(ano) : null),
    onSuccess: async (r) => {
      if (!r) return;
      showToast('success', r.mensagem);
      await qc.invalidateQueries({ queryKey: reapKeys.prazos() });
    },
    onError: (e) => showToast('error', mensagemErro(e, MENSAGENS_REAP.erroConsultar)),
  });
}

export function useSalvarNaTelaDePrazos<E extends FieldValues, S, R extends { mensagem: string }>(
  form: Formulario<E, unknown, S>, salvar: (v: S) => Promise<R>, vazio: E,
) {
  const qc = useQueryClient();
  const [tentativa, setTentativa] = useState(0);
  const mutacao = useMutation({
    mutationFn: salvar,
    onSuccess: async (r) => {
      showToast('success', r.mensagem);
      form.reset(vazio);
      await qc.invalidateQueries({ queryKey: reapKeys.prazos() });
    },
    onError: (e) => {
      form.mostrarErrosDoServidor(e);
      setTentativa((t) => t + 1);
      showToast('error', mensagemErro(e, MENSAGENS_REAP.erroConsultar));
    },
  });
  return { mutacao, tentativa, novaTentativa: () => setTentativa((t) => t + 1) };
}

/** Null when it cannot be read: nothing is saved. */
export async function consultarInadimplentes(ano: number, fim?: string): Promise<InadimplentesReap | null> {
  try {
    return await fetchInadimplentes(ano, fim);
  } catch (e) {
    showToast('error', mensagemErro(e, MENSAGENS_REAP.erroConsultar));
    return null;
  }
}

/** A date the server will refuse skips it, so the refusal lands at the field (docs/decisions/0071). */
async function confirmarSuspensao(v: Saida, prazo: PrazoReap | undefined): Promise<boolean> {
  if (!prazo || v.dataSuspensao <= prazo.fimPreenchimento || v.dataSuspensao < hojeSaoPaulo()) return true;
  const r = await consultarInadimplentes(v.anoReferencia);
  if (!r) return false;
  const m = MENSAGENS_INADIMPLENCIA_REAP.confirmarSuspensao;
  return confirmar({
    title: m.titulo, confirmButtonText: m.botao,
    text: m.texto({ ano: v.anoReferencia, data: v.dataSuspensao, inadimplentes: r.inadimplentes, completas: r.obrigacoesCompletas }),
  });
}

export function FormularioSuspensao({ prazos, atos }: { prazos: PrazoReap[]; atos: { value: string; label: string }[] }) {
  const form = useFormulario<Entrada, unknown, Saida>({ resolver: zodResolver(suspensaoReapFormulario), defaultValues: VAZIO });
  const { control, handleSubmit, formState: { errors } } = form;
  const { mutacao: agendar, tentativa, novaTentativa } = useSalvarNaTelaDePrazos(form, agendarSuspensao, VAZIO);
  const onSubmit = handleSubmit(async (v) => {
    if (await confirmarSuspensao(v, prazos.find((p) => p.anoReferencia === v.anoReferencia))) agendar.mutate(v);
  }, novaTentativa);
  return (
    <section aria-labelledby="suspensao-formulario">
      <h2 id="suspensao-formulario">Agendar a suspensão dos inadimplentes</h2>
      <p>
        Na data definida pelo ato normativo, um lote de suspensão suspende o registro de cada pescador que ainda não enviou
        a REAP do ano. O pescador suspenso pode enviar a REAP em atraso e pedir a regularização.
      </p>
      <form aria-label="Agendar a suspensão dos inadimplentes da REAP" noValidate onSubmit={(e) => void onSubmit(e)}>
        <ErrorSummary errors={summaryOf(errors, idCampo)} attempt={tentativa} />
        <CampoSelect
          control={control} name="anoReferencia" id={idCampo('anoReferencia')} label="Ano de referência"
          options={prazos.map((p) => ({ value: String(p.anoReferencia), label: String(p.anoReferencia) }))} placeholder="Selecione"
        />
        <CampoSelect
          control={control} name="idAtoNormativo" id={idCampo('idAtoNormativo')} label="Ato normativo"
          hint="O ato que determina a suspensão (atos vigentes)" options={atos} placeholder="Selecione"
        />
        <CampoTexto control={control} name="dataSuspensao" id={idCampo('dataSuspensao')} label="Data da suspensão" type="date" hint="Depois do fim do preenchimento" />
        <div className="form-actions">
          <div className="form-actions-forward">
            <button type="submit" className="br-button primary" disabled={agendar.isPending}>Agendar suspensão</button>
          </div>
        </div>
      </form>
    </section>
  );
}
