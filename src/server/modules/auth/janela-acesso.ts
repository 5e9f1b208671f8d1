import { formatarData, partesSaoPaulo } from '../../../shared/datas';

/** What decides whether a map user may act now (product guide, "Staff access window"). */
export interface JanelaUsuario {
  bloqueado: boolean;
  validade: string | null;
  acessoCustomizado: boolean;
  horaLimiteInicioAcesso: string | null;
  horaLimiteTerminoAcesso: string | null;
  usuarioPodeAcessarTodosDias: boolean;
  /** The agency's working hours, when configured. */
  orgao: { inicio: string; termino: string; todosDias: boolean } | null;
}

export interface JanelaPadrao {
  start: string;
  end: string;
}

/**
 * Answers null when the user may act now, else the message that says why not and when access opens.
 * Evaluated in America/Sao_Paulo time. The end minute is inclusive (until HH:MM:59).
 */
export function motivoForaDaJanela(u: JanelaUsuario, agora: Date, padrao: JanelaPadrao): string | null {
  if (u.bloqueado) return 'Usuário bloqueado. Procure o gestor do seu órgão para reativar o acesso.';
  const sp = partesSaoPaulo(agora);
  if (u.validade && sp.data > u.validade) {
    return `O prazo de validade do seu acesso terminou em ${formatarData(u.validade)}. Procure o gestor do seu órgão.`;
  }
  const custom = u.acessoCustomizado && u.horaLimiteInicioAcesso && u.horaLimiteTerminoAcesso;
  const inicio = custom ? u.horaLimiteInicioAcesso! : (u.orgao?.inicio ?? padrao.start);
  const termino = custom ? u.horaLimiteTerminoAcesso! : (u.orgao?.termino ?? padrao.end);
  const todosDias = u.usuarioPodeAcessarTodosDias || (!custom && (u.orgao?.todosDias ?? false));
  const fimDeSemana = sp.diaSemana === 0 || sp.diaSemana === 6;
  const dias = todosDias ? 'todos os dias' : 'segunda a sexta-feira';
  const janela = `Seu acesso é permitido de ${dias}, das ${inicio} às ${termino} (horário de Brasília).`;
  if (fimDeSemana && !todosDias) return `Acesso não permitido aos sábados e domingos. ${janela}`;
  if (sp.hora < inicio || sp.hora > termino) return `Acesso fora do horário permitido. ${janela}`;
  return null;
}
