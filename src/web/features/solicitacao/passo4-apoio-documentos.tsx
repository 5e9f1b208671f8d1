import { useFieldArray, useWatch } from 'react-hook-form';
import { Nacionalidade, TipoSolicitacao } from '../../../shared/enums';
import { ENTIDADES_APOIO } from '../../../shared/referencias';
import { MAX_APOIOS, passo4Schema, type Passo4 } from '../../../shared/schemas/solicitacao';
import type { SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { AvisoCin } from '../../components/aviso-cin';
import { CampoSelect } from '../../components/form/campos';
import { useFormulario } from '../../components/form/use-formulario';
import { BotaoRepeticao, CampoSimNao } from './layout-passo';
import { PassoForm, resolverDoPasso, useEnvioPasso } from './passo-form';
import type { PainelDocumentos, PassoProps } from './passo-props';
import { booleano, idDe, listaDe, numero, objetoDe, opcoesDe, simNaoDe, textoDe, type Registro } from './valores';

export interface Passo4Form {
  recebeuAjudaPreenchimento: string;
  apoio: { entidadeApoioPescador: string }[];
}

export const ID_DOCUMENTOS = 'documentos-solicitacao';
const OPCOES_ENTIDADE = opcoesDe(ENTIDADES_APOIO);

export function valoresPasso4(s: Registro | undefined): Passo4Form {
  return {
    recebeuAjudaPreenchimento: simNaoDe(s?.recebeuAjudaPreenchimento),
    apoio: listaDe(s?.apoio).map((a) => ({ entidadeApoioPescador: idDe(objetoDe(a).entidadeApoioPescador) })),
  };
}

export function entradaPasso4(v: Passo4Form) {
  const recebeu = booleano(v.recebeuAjudaPreenchimento);
  return {
    recebeuAjudaPreenchimento: recebeu,
    apoio: recebeu ? v.apoio.map((a) => ({ entidadeApoioPescador: numero(a.entidadeApoioPescador) })) : [],
  };
}

/** Whether the request has a representative entity (its membership proof becomes a required document). */
function possuiEntidade(s: SolicitacaoDetalheResposta | undefined): boolean {
  return s?.possuiInstituicaoRepresentante === true || !!textoDe(objetoDe(s?.entidadeRepresentante).cnpj);
}

/** Step 4: support received to fill the request, and the documents (spec point 3, "Step 4"). */
export function Passo4ApoioDocumentos({
  solicitacao,
  tipo,
  somenteLeitura,
  onSalvo,
  onVoltar,
  onAvancar,
  Documentos,
}: PassoProps & { Documentos: PainelDocumentos }) {
  const form = useFormulario<Passo4Form, unknown, Passo4>({
    defaultValues: valoresPasso4(solicitacao),
    resolver: resolverDoPasso(passo4Schema, entradaPasso4),
  });
  const { control, formState } = form;
  const envio = useEnvioPasso({ form, passo: 4, tipo, id: solicitacao?.id, alvoGeral: ID_DOCUMENTOS, onSalvo });
  const apoios = useFieldArray({ control, name: 'apoio' });
  const recebeu = useWatch({ control, name: 'recebeuAjudaPreenchimento' });
  const erroApoio = formState.errors.apoio?.message ?? formState.errors.apoio?.root?.message;

  return (
    <PassoForm
      envio={envio}
      somenteLeitura={somenteLeitura}
      onVoltar={onVoltar}
      onAvancar={onAvancar}
      depois={
        // The documents panel brings its own heading; this wrapper is the error summary's target for the
        // server's 'Insira todos os documentos obrigatórios'.
        <div className="form-section documentos-passo" id={ID_DOCUMENTOS} tabIndex={-1}>
          {tipo === TipoSolicitacao.REGISTRO_INICIAL && textoDe(solicitacao?.nacionalidadeBrasileira) !== Nacionalidade.ESTRANGEIRA && (
            <AvisoCin contexto="anexo" />
          )}
          {solicitacao && (
            <Documentos
              idSolicitacao={solicitacao.id}
              tipoSolicitacao={tipo}
              nacionalidadeBrasileira={textoDe(solicitacao.nacionalidadeBrasileira) || null}
              possuiEntidade={possuiEntidade(solicitacao)}
              somenteLeitura={somenteLeitura}
            />
          )}
        </div>
      }
    >
      <section className="form-section" aria-labelledby="titulo-apoio">
        <h3 id="titulo-apoio" className="form-section-title">
          Apoio no preenchimento
        </h3>
        <CampoSimNao control={control} name="recebeuAjudaPreenchimento" legend="Recebeu ajuda de alguma entidade para preencher esta solicitação?" />
        {recebeu === 'true' && (
          <fieldset
            id="apoio"
            tabIndex={-1}
            className={`field repeatable${erroApoio ? ' danger' : ''}`}
            aria-describedby={erroApoio ? 'apoio-dica apoio-erro' : 'apoio-dica'}
          >
            <legend>Entidades que ajudaram</legend>
            <p id="apoio-dica" className="field-hint">
              Informe até {MAX_APOIOS} entidades.
            </p>
            {erroApoio && (
              <span id="apoio-erro" className="feedback danger">
                <i className="fas fa-times-circle" aria-hidden="true" />
                {erroApoio}
              </span>
            )}
            {apoios.fields.map((apoio, i) => (
              <div key={apoio.id} className="repeatable-row">
                <CampoSelect
                  control={control}
                  name={`apoio.${i}.entidadeApoioPescador`}
                  label={`Entidade de apoio ${i + 1}`}
                  options={OPCOES_ENTIDADE}
                  className="repeatable-row-field"
                />
                <BotaoRepeticao acao="Remover" rotulo={`entidade de apoio ${i + 1}`} onClick={() => apoios.remove(i)} />
              </div>
            ))}
            {apoios.fields.length < MAX_APOIOS && (
              <BotaoRepeticao acao="Adicionar" rotulo="entidade de apoio" onClick={() => apoios.append({ entidadeApoioPescador: '' })} />
            )}
          </fieldset>
        )}
      </section>
    </PassoForm>
  );
}
