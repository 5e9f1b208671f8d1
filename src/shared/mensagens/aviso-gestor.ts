import { formatarData } from '../datas';

/** One late analysis as the GESTOR's e-mail lists it: nothing of the fisher, only what the late list shows. */
export interface AnaliseEscaladaAviso {
  numeroProtocolo: string | null;
  idSolicitacao: number;
  tipoDescricao: string;
  uf: string | null;
  venceuEm: string;
}

/** At most this many lines in one e-mail; the rest is counted and on the manager's page. */
export const LINHAS_AVISO_GESTOR = 50;

/** The e-mail telling the GESTOR that analyses passed their deadline (Decreto 10.178/2019 art. 15 §2, decision 0154). */
export const MENSAGENS_AVISO_GESTOR = {
  assunto: (n: number) => (n === 1
    ? 'RGP: 1 análise com prazo vencido foi encaminhada ao gestor'
    : `RGP: ${n} análises com prazo vencido foram encaminhadas ao gestor`),
  texto(analises: AnaliseEscaladaAviso[], link: string): string {
    const n = analises.length;
    const linhas = analises.slice(0, LINHAS_AVISO_GESTOR).map((a) =>
      `- Protocolo ${a.numeroProtocolo ?? `solicitação ${a.idSolicitacao}`}: ${a.tipoDescricao}, ${a.uf ?? 'sem UF'}, venceu em ${formatarData(a.venceuEm)}`);
    const resto = n > LINHAS_AVISO_GESTOR ? [`- e mais ${n - LINHAS_AVISO_GESTOR}, na lista completa do painel`] : [];
    return [
      n === 1 ? 'Venceu o prazo para decidir esta análise:' : `Venceu o prazo para decidir estas ${n} análises:`,
      '',
      ...linhas,
      ...resto,
      '',
      'Pelo Decreto 10.178/2019 (art. 15, § 2º), cabe ao gestor decidir a análise ou atribuí-la a outro servidor.',
      `Veja e atribua em "Análises atrasadas", no Painel de análises: ${link}`,
      '',
      'Esta é uma mensagem automática; não responda.',
    ].join('\n');
  },
} as const;
