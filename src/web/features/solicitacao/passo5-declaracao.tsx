import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CodigoErro, ehCasoDe } from '../../../shared/codigos-erro';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import { ROTA_HOME } from '../../../shared/rotas-web';
import { ErrorSummary, type FieldError as SummaryError } from '../../components/error-summary';
import { CheckboxField } from '../../components/form/checkbox-field';
import { withFieldNames } from '../../components/form/form-errors';
import { mensagemErro } from '../../lib/api';
import { codigoErroDe } from '../../lib/erros';
import { showToast } from '../../lib/toast';
import { BotoesPasso } from './passo-form';
import type { PassoProps } from './passo-props';
import { useEnviarSolicitacao } from './use-solicitacao';

const ID_CIENCIA = 'declaraCiencia';

/** Where the fisher goes after submitting (spec point 2): home, with the update flag when the request's state refuses it (the spec's 406). */
export const DESTINO_ENVIADA = `${ROTA_HOME}?sucesso=true`;
export const DESTINO_ATUALIZACAO = `${ROTA_HOME}?sucesso=true&atualizacao=true`;

/** The declaration the fisher reads and accepts before submitting. */
export function TextoDeclaracao() {
  return (
    <div className="declaracao" id="texto-declaracao">
      <p>
        Declaro, para os devidos fins, que todas as informações prestadas nesta solicitação são verdadeiras e
        completas, e que os documentos apresentados são autênticos.
      </p>
      <p>
        Declaro estar ciente de que a prestação de informações falsas ou a apresentação de documentos falsos
        constitui crime, sujeitando-me às penalidades previstas na legislação, em especial nos artigos 297, 298 e 299
        do Código Penal (falsificação de documento e falsidade ideológica), sem prejuízo das sanções administrativas e
        civis cabíveis.
      </p>
      <p>
        Declaro, ainda, estar ciente de que, comprovada a falsidade de qualquer informação ou documento, o meu
        Registro Geral da Atividade Pesqueira (RGP) poderá ser suspenso ou cancelado a qualquer tempo, e de que os
        dados informados poderão ser verificados pelos órgãos competentes.
      </p>
    </div>
  );
}

/**
 * The acceptance of the declaration before a request is sent (step 5; a documents edit, decision 0033): `exigir`
 * answers whether it is given and, when not, puts its message in the error summary and at the checkbox.
 */
export function useCiencia(inicial = false) {
  const [aceita, setAceita] = useState(inicial);
  const [resumo, setResumo] = useState<SummaryError[]>([]);
  const [tentativa, setTentativa] = useState(0);
  const exigir = () => {
    if (aceita) return true;
    setResumo(withFieldNames([{ field: ID_CIENCIA, message: MENSAGENS_SOLICITACAO.declaracao }]));
    setTentativa((t) => t + 1);
    return false;
  };
  const aceitar = (valor: boolean) => {
    setAceita(valor);
    if (valor) setResumo([]);
  };
  return { aceita, aceitar, exigir, resumo, tentativa, erro: resumo.length > 0 ? MENSAGENS_SOLICITACAO.declaracao : undefined };
}

/** The declaration and its "Li e concordo com a declaração". */
export function CienciaDeclaracao({ ciencia }: { ciencia: ReturnType<typeof useCiencia> }) {
  return (
    <>
      <TextoDeclaracao />
      <CheckboxField
        id={ID_CIENCIA}
        name={ID_CIENCIA}
        label="Li e concordo com a declaração"
        checked={ciencia.aceita}
        onChange={(e) => ciencia.aceitar(e.target.checked)}
        error={ciencia.erro}
      />
    </>
  );
}

/** Step 5: the declaration of awareness and the submission (PUT /api/solicitacao, passo 5). */
export function Passo5Declaracao({ solicitacao, tipo, somenteLeitura, onVoltar }: PassoProps) {
  const navigate = useNavigate();
  const enviar = useEnviarSolicitacao();
  const ciencia = useCiencia(somenteLeitura && solicitacao?.declaraCiencia === true);

  const enviarSolicitacao = async () => {
    if (!ciencia.exigir()) {
      showToast('warning', MENSAGENS_SOLICITACAO.declaracao);
      return;
    }
    if (!solicitacao) return;
    try {
      await enviar.mutateAsync({ id: solicitacao.id, tipo });
      // /home?sucesso=true shows the success message (spec point 2): once, there.
      void navigate(DESTINO_ENVIADA);
    } catch (error) {
      if (ehCasoDe(codigoErroDe(error), CodigoErro.ESTADO_NAO_PERMITE)) {
        const mensagem = mensagemErro(error, '');
        if (mensagem) showToast('info', mensagem);
        void navigate(DESTINO_ATUALIZACAO);
        return;
      }
      showToast('error', mensagemErro(error, MENSAGENS_SOLICITACAO.erroAtualizar));
    }
  };

  return (
    <>
      <ErrorSummary errors={ciencia.resumo} attempt={ciencia.tentativa} />
      <form
        noValidate
        id="form-declaracao"
        onSubmit={(e) => {
          e.preventDefault();
          if (!somenteLeitura) void enviarSolicitacao();
        }}
      >
        <fieldset className="form-section" disabled={somenteLeitura || enviar.isPending}>
          <legend className="form-section-title">Declaração</legend>
          <CienciaDeclaracao ciencia={ciencia} />
        </fieldset>
      </form>
      <BotoesPasso
        formId="form-declaracao"
        somenteLeitura={somenteLeitura}
        salvando={enviar.isPending}
        onVoltar={onVoltar}
        rotuloEnviar="Enviar solicitação"
        rotuloOcupado="Enviando…"
      />
    </>
  );
}
