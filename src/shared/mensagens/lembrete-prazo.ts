import { formatarData } from '../datas';

/** "Faltam N dias" / "Falta 1 dia" / "Hoje é o último dia". */
function faltam(dias: number): string {
  if (dias <= 0) return 'Hoje é o último dia';
  return dias === 1 ? 'Falta 1 dia' : `Faltam ${dias} dias`;
}

function protocolo(numero: string | null): string {
  return numero ? `, protocolo ${numero}` : '';
}

/** The reminders of an appeal window's last days and of a refused request's update window (decision 0157). */
export const MENSAGENS_LEMBRETE_PRAZO = {
  recursoIndeferimento: (dias: number, ultimoDia: string, tipo: string, numero: string | null) =>
    `${faltam(dias)} para recorrer do indeferimento da sua solicitação de ${tipo}${protocolo(numero)} (até ${formatarData(ultimoDia)}). `
    + 'Se quiser recorrer, faça o pedido em "Recorrer de uma decisão".',
  recursoSancao: (dias: number, ultimoDia: string, cancelamento: boolean) =>
    `${faltam(dias)} para recorrer ${cancelamento ? 'do cancelamento' : 'da suspensão'} do seu registro (até ${formatarData(ultimoDia)}). `
    + 'Se quiser recorrer, faça o pedido em "Recorrer de uma decisão".',
  atualizacao: (dias: number, ultimoDia: string, tipo: string, numero: string | null) =>
    `${faltam(dias)} para você corrigir e enviar de novo os documentos da sua solicitação de ${tipo}${protocolo(numero)} `
    + `(até ${formatarData(ultimoDia)}). Depois disso ela será encerrada como indeferida.`,
} as const;
