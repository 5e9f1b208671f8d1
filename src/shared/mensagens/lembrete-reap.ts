import { formatarData } from '../datas';

/** The REAP reminders' texts (decision 0151): what to do and by when, in plain Portuguese. */
export const MENSAGENS_LEMBRETE_REAP = {
  abertura: (ano: number, inicio: string, fim: string) =>
    `Começou o prazo para enviar a REAP de ${ano}: de ${formatarData(inicio)} a ${formatarData(fim)}. Envie a sua para manter o registro regular.`,
  fim: (ano: number, fim: string, dias: number) =>
    `${dias === 1 ? 'Falta 1 dia' : `Faltam ${dias} dias`} para terminar o prazo da REAP de ${ano} (até ${formatarData(fim)}). `
    + 'Se você ainda não enviou a sua, envie agora para manter o registro regular.',
} as const;
