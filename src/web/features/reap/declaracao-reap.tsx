import './reap.css';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Categoria } from '../../../shared/enums';
import { MENSAGENS_REAP } from '../../../shared/regras/reap';
import { ROTA_REAP_ARTESANAL, ROTA_REAP_INDUSTRIAL } from '../../../shared/rotas-web';
import type { Questionario } from '../../../shared/schemas/reap';
import { ErrorSummary } from '../../components/error-summary';
import { CheckboxField } from '../../components/form/checkbox-field';
import { readItem, writeItem } from '../../lib/storage';

const chaveDeclaracao = (idQuestionario: number) => `rgp.reap.declaracao.${idQuestionario}`;

/**
 * Whether the fisher may be shown a REAP's form: they accepted its declaration in this tab (kept in sessionStorage,
 * so a reload keeps it), or the REAP has a saved draft (the form, hence the declaration, came before it).
 */
export function declaracaoAceita(q: Pick<Questionario, 'id' | 'iniciada'>): boolean {
  return q.iniciada || readItem('session', chaveDeclaracao(q.id)) === 'sim';
}

/**
 * The declaration and acceptance before a REAP (spec point 7): without the box ticked, 'Não é possivel avançar sem
 * ler e concordar com a declaração'; then category '1' goes to the industrial form, any other to the artesanal one.
 */
/** The form of a REAP's category: '1' the industrial one, any other the artesanal one. */
export function rotaFormularioReap(q: Pick<Questionario, 'id' | 'categoria'>): string {
  return `${q.categoria === Categoria.INDUSTRIAL ? ROTA_REAP_INDUSTRIAL : ROTA_REAP_ARTESANAL}?idQuestionarioBasico=${q.id}`;
}

export function DeclaracaoReap({ questionario }: { questionario: Questionario }) {
  const navigate = useNavigate();
  const [aceito, setAceito] = useState(false);
  const [erro, setErro] = useState<string | undefined>();
  const [tentativa, setTentativa] = useState(0);
  const textoId = useId();

  function avancar() {
    if (!aceito) {
      setErro(MENSAGENS_REAP.declaracao);
      setTentativa((t) => t + 1);
      return;
    }
    writeItem('session', chaveDeclaracao(questionario.id), 'sim');
    void navigate(rotaFormularioReap(questionario));
  }

  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); avancar(); }}>
      <ErrorSummary errors={erro ? [{ field: 'aceiteDeclaracao', message: erro }] : []} attempt={tentativa} />
      <div id={textoId} className="reap-declaracao">
        <p>
          Declaro, para os devidos fins, que as informações que prestarei neste Relatório de Exercício da Atividade
          Pesqueira (REAP) do ano de {questionario.anoReferencia} são verdadeiras e correspondem à atividade que exerci
          no período.
        </p>
        <p>
          Estou ciente de que a declaração falsa sujeita o declarante às sanções administrativas, civis e penais
          previstas em lei, inclusive a suspensão ou o cancelamento do registro.
        </p>
      </div>
      <CheckboxField
        id="aceiteDeclaracao"
        label="Li e concordo com a declaração"
        checked={aceito}
        error={erro}
        onChange={(e) => { setAceito(e.target.checked); if (e.target.checked) setErro(undefined); }}
      />
      <div className="mt-3">
        <button type="submit" className="br-button primary">Avançar</button>
      </div>
    </form>
  );
}
