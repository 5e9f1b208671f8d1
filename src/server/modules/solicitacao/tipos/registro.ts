import { CodigoErro } from '../../../../shared/codigos-erro';
import type { TotalizadoresPescador } from '../../../../shared/schemas/totalizadores';
import { SituacaoRegistro, SituacaoSolicitacao as S, TipoSolicitacao } from '../../../../shared/enums';
import { podeRecadastramento, podeRegistroComProtocolo, podeRegistroInicial } from '../../../../shared/regras/opcoes';
import { rgpAnteriorSchema } from '../../../../shared/schemas/solicitacao';
import { MENSAGENS_SOLICITACAO_API } from '../../../../shared/schemas/solicitacao-api';
import { AppError } from '../../../lib/errors';
import type { DadosDeclarados, PescadorRow } from '../../pescador/pescador.service';
import { tipoDoAssistente } from './assistente';
import { exigirCinNoRegistroInicial } from './cin';
import { devolverParaAtualizacao } from './decisao';
import type { ContextoAbertura, ContextoDecisao, ContextoEnvio, TipoAssistenteDef } from './tipo';

/** Types 1, 2 and 3: approval activates the registry, issuing the RGP number. */
function registro(p: {
  tipo: TipoSolicitacao;
  /** An active or suspended registry keeps its own. */
  situacaoRegistro: SituacaoRegistro;
  motivoSemAbertura(pescador: PescadorRow, t: TotalizadoresPescador): string | null;
}): TipoAssistenteDef {
  return tipoDoAssistente({
    tipo: p.tipo,
    documentosHerdados: false,

    async exigirAbertura({ pescador, recursos, tx }: ContextoAbertura) {
      if ((await recursos.repo.findAbertas(pescador.id, [p.tipo], [S.RASCUNHO], tx)).length > 0) {
        throw AppError.recusa(CodigoErro.SOLICITACAO_EM_ANDAMENTO, MENSAGENS_SOLICITACAO_API.rascunhoExistente);
      }
      const motivo = p.motivoSemAbertura(pescador, await recursos.repo.totalizadores(pescador.id, tx));
      if (motivo) throw AppError.recusa(CodigoErro.SOLICITACAO_INDISPONIVEL, motivo);
    },

    async aoEnviar({ solicitacao, pescador, recursos, tx }: ContextoEnvio) {
      const depois = await recursos.pescadores.aplicarDadosDeclarados(pescador.id, solicitacao.dados as DadosDeclarados, tx);
      const mantem = pescador.situacaoRegistro === SituacaoRegistro.ATIVO || pescador.situacaoRegistro === SituacaoRegistro.SUSPENSO;
      return mantem ? depois : recursos.pescadores.atualizarRegistro(pescador.id, { situacaoRegistro: p.situacaoRegistro }, tx);
    },

    analise: {
      async aoDeferir({ solicitacao, pescador, ator, hoje, recursos, tx }: ContextoDecisao) {
        // A re-registration keeps the previous registry: the registry's own number and first-RGP date, else the ones
        // the fisher declared and the analyst has just approved (decision 0033); a new number only when none is known.
        const anterior = p.tipo === TipoSolicitacao.RECADASTRAMENTO ? rgpAnteriorDe(solicitacao.dados) : null;
        const numeroRgp = pescador.numeroRgp || anterior?.numeroRGP || await recursos.pescadores.emitirNumeroRgp(pescador, tx);
        await recursos.pescadores.atualizarRegistro(pescador.id, {
          numeroRgp,
          situacaoRegistro: SituacaoRegistro.ATIVO,
          ...(pescador.dataPrimeiroRgp ? {} : { dataPrimeiroRgp: anterior?.dataPrimeiroRgp || hoje }),
          ...(pescador.orgaoRgp ? {} : { orgaoRgp: ator.siglaOrgao ?? 'MPA' }),
          idSolicitacaoAtiva: solicitacao.id,
          emitirCarteira: true,
          dataSuspensoCancelado: null,
        }, tx);
        return numeroRgp;
      },

      aoIndeferir: devolverParaAtualizacao,
    },
  });
}

/** Already validated when saved. */
function rgpAnteriorDe(dados: unknown): { numeroRGP: string | null; dataPrimeiroRgp: string | null } | null {
  const r = (dados as { rgpAnterior?: unknown } | null)?.rgpAnterior;
  const v = rgpAnteriorSchema.safeParse(r);
  return v.success && v.data ? { numeroRGP: v.data.numeroRGP ?? null, dataPrimeiroRgp: v.data.dataPrimeiroRgp ?? null } : null;
}

const registroInicialBase = registro({
  tipo: TipoSolicitacao.REGISTRO_INICIAL,
  situacaoRegistro: SituacaoRegistro.REGISTRO_INICIAL,
  motivoSemAbertura(pescador, t) {
    if (pescador.numeroRgp) return MENSAGENS_SOLICITACAO_API.registroInicialComRgp;
    return podeRegistroInicial(t) ? null : MENSAGENS_SOLICITACAO_API.registroInicialIndisponivel;
  },
});

/** Decision 0053. */
export const registroInicial: TipoAssistenteDef = {
  ...registroInicialBase,
  async exigirEnvio(ctx: ContextoEnvio) {
    await registroInicialBase.exigirEnvio(ctx);
    exigirCinNoRegistroInicial(ctx);
  },
};

export const recadastramento = registro({
  tipo: TipoSolicitacao.RECADASTRAMENTO,
  situacaoRegistro: SituacaoRegistro.RECADASTRAMENTO,
  motivoSemAbertura: (_, t) => (podeRecadastramento(t) ? null : MENSAGENS_SOLICITACAO_API.recadastramentoIndisponivel),
});

export const registroProtocolo = registro({
  tipo: TipoSolicitacao.REGISTRO_PROTOCOLO,
  situacaoRegistro: SituacaoRegistro.REGISTRO_COM_PROTOCOLO,
  motivoSemAbertura: (_, t) => (podeRegistroComProtocolo(t) ? null : MENSAGENS_SOLICITACAO_API.registroProtocoloIndisponivel),
});
