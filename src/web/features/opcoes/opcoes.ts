import { SituacaoRegistro } from '../../../shared/enums';
import { podeRecadastramento, podeRegistroComProtocolo, podeRegistroInicial } from '../../../shared/regras/opcoes';
import { MENSAGENS_SOLICITACAO_API } from '../../../shared/mensagens/solicitacao-api';
import type { ConsultaEdicaoRegistro } from '../../../shared/schemas/solicitacao-api';
import type { TotalizadoresPescador } from '../../../shared/schemas/totalizadores';

/** One of the fisher's options on /home. Without `href` it is disabled and `motivo` says why. */
export interface Opcao {
  id: string;
  titulo: string;
  descricao: string;
  href: string | null;
  motivo?: string;
}

export interface EntradaOpcoes {
  totalizadores: TotalizadoresPescador;
  numeroRGP: string | null;
  /** Registry status (SituacaoRegistro), when known. */
  situacaoRegistro: number | null;
  /** The draft to continue, with its wizard address. */
  rascunho: { descricao: string; href: string } | null;
  /** Undefined while loading. */
  edicaoRegistro: Pick<ConsultaEdicaoRegistro, 'podeEditar' | 'motivo'> | undefined;
  /** The documents screen of an open documents edit (type 9), if any. */
  edicaoDocumentos: string | null;
}

export const DECLARACAO = (tipo: number) => `/pescador/declaracao?tipoSolicitacao=${tipo}`;

const MOTIVOS = {
  rascunho: 'Você já tem um rascunho de solicitação: continue-o ou descarte-o em Minhas solicitações.',
  emAndamento: 'Você tem uma solicitação aguardando análise ou em análise. Aguarde a conclusão.',
  emAtualizacao: 'Você tem uma solicitação em atualização de informações: corrija os documentos e reenvie-a.',
  deferida: 'Você já tem uma solicitação deferida. Para alterar os seus dados, use "Editar registro".',
  verificando: 'Verificando se a opção está disponível…',
  semEdicaoDocumentos: 'A edição de documentos só pode ser solicitada com o registro ativo.',
} as const;

/** Why a registration option is off, from the counters (first matching reason). */
function motivoContadores(t: TotalizadoresPescador, padrao: string, considerarDeferida: boolean): string {
  if (t.rascunhos > 0) return MOTIVOS.rascunho;
  if (t.enviadas > 0 || t.emAnalise > 0) return MOTIVOS.emAndamento;
  if (t.emAtualizacao > 0) return MOTIVOS.emAtualizacao;
  if (considerarDeferida && t.deferidas > 0) return MOTIVOS.deferida;
  return padrao;
}

function opcao(id: string, titulo: string, descricao: string, habilitada: boolean, href: string, motivo: string): Opcao {
  return habilitada ? { id, titulo, descricao, href } : { id, titulo, descricao, href: null, motivo };
}

/** The fisher's options (spec point 4), with the shared enabling rules of src/shared/regras/opcoes.ts. */
export function opcoesPescador(e: EntradaOpcoes): Opcao[] {
  const t = e.totalizadores;
  const temRgp = !!e.numeroRGP;
  const opcoes: Opcao[] = [];

  if (e.rascunho) {
    opcoes.push({ id: 'continuar-rascunho', titulo: 'Continuar rascunho', descricao: e.rascunho.descricao, href: e.rascunho.href });
  }
  opcoes.push(
    temRgp
      ? { id: 'registro-inicial', titulo: 'Solicitar registro inicial', descricao: 'Para quem ainda não tem registro de pescador profissional.', href: null, motivo: MENSAGENS_SOLICITACAO_API.registroInicialComRgp }
      : opcao('registro-inicial', 'Solicitar registro inicial', 'Para quem ainda não tem registro de pescador profissional.',
        podeRegistroInicial(t), DECLARACAO(1), motivoContadores(t, MENSAGENS_SOLICITACAO_API.registroInicialIndisponivel, true)),
    opcao('registro-protocolo', 'Registro inicial com protocolo', 'Para quem já tem um processo de pedido de registro aberto (número do protocolo).',
      podeRegistroComProtocolo(t), DECLARACAO(3), motivoContadores(t, MENSAGENS_SOLICITACAO_API.registroProtocoloIndisponivel, false)),
    opcao('recadastramento', 'Recadastramento', 'Para atualizar um registro antigo no novo sistema.',
      podeRecadastramento(t), DECLARACAO(2), motivoContadores(t, MENSAGENS_SOLICITACAO_API.recadastramentoIndisponivel, true)),
  );
  const edicao = e.edicaoRegistro;
  opcoes.push(
    opcao('editar-registro', 'Editar registro', 'Alterar os dados do seu registro ativo (endereço, atividade, contato).',
      edicao?.podeEditar === true, DECLARACAO(8),
      edicao === undefined ? MOTIVOS.verificando : edicao.motivo || MENSAGENS_SOLICITACAO_API.edicaoRegistroSemRegistroAtivo),
    opcao('editar-documentos', 'Editar documentos', 'Substituir documentos do seu registro.',
      !!e.edicaoDocumentos || e.situacaoRegistro === SituacaoRegistro.ATIVO,
      e.edicaoDocumentos ?? '/pescador/edicao-documentos', MOTIVOS.semEdicaoDocumentos),
    opcao('editar-primeiro-rgp', 'Editar primeiro RGP', 'Corrigir a data ou o órgão do seu primeiro registro.',
      temRgp, '/pescador/edicao-rgp', MENSAGENS_SOLICITACAO_API.edicaoRgpSemRgp),
    opcao('cancelamento', 'Solicitar cancelamento', 'Pedir o cancelamento do seu registro de pescador profissional.',
      e.situacaoRegistro === SituacaoRegistro.ATIVO || e.situacaoRegistro === SituacaoRegistro.SUSPENSO,
      '/pescador/cancelamento', MENSAGENS_SOLICITACAO_API.cancelamentoIndisponivel),
  );
  if (e.situacaoRegistro === SituacaoRegistro.SUSPENSO) {
    opcoes.push({
      id: 'regularizacao',
      titulo: 'Solicitar regularização',
      descricao: 'O seu registro está suspenso: peça a regularização para voltar a ficar ativo.',
      href: '/pescador/regularizacao',
    });
  }
  return opcoes;
}
