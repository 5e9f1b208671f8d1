import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { TipoSolicitacao, tipoSolicitacaoLabel, type TipoSolicitacao as Tipo } from '../../../shared/enums';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import { ErrorSummary } from '../../components/error-summary';
import { CheckboxField } from '../../components/form/checkbox-field';
import { useFormulario } from '../../components/form/use-formulario';
import './opcoes.css';

const COMUM = [
  'as informações que prestarei são verdadeiras e completas, e os documentos que enviarei são autênticos e legíveis;',
  'estou ciente de que prestar informação falsa ou omitir informação relevante pode caracterizar o crime de falsidade ideológica (art. 299 do Código Penal) e levar ao indeferimento da solicitação ou ao cancelamento do registro, sem prejuízo de outras sanções;',
  'autorizo o Ministério da Pesca e Aquicultura a conferir as informações prestadas em outras bases de dados públicas;',
  'comunicarei ao Ministério da Pesca e Aquicultura qualquer alteração nos meus dados cadastrais.',
];

/** The declaration a fisher accepts before filing (types 1, 2, 3) or editing (type 8) a registration. */
export const TEXTO_DECLARACAO: Record<'registro' | 'edicao', { introducao: string; itens: string[] }> = {
  registro: {
    introducao: 'Declaro, para fins de inscrição no Registro Geral da Atividade Pesqueira (RGP), que:',
    itens: [
      'exerço a pesca profissionalmente, como meio de vida, nas condições que informarei nesta solicitação;',
      ...COMUM,
    ],
  },
  edicao: {
    introducao: 'Declaro, para fins de alteração do meu registro no Registro Geral da Atividade Pesqueira (RGP), que:',
    itens: [
      'as alterações que farei correspondem à minha situação atual de pescador profissional;',
      'estou ciente de que as alterações serão analisadas e que, até a conclusão da análise, continuam valendo os dados atuais do meu registro;',
      ...COMUM,
    ],
  },
};

const schema = z.object({
  aceite: z.boolean().refine((v) => v, MENSAGENS_SOLICITACAO.declaracao),
});
type Valores = z.infer<typeof schema>;

/**
 * The declaration and acceptance screen's form: the text, the checkbox "Li e concordo" and "Continuar".
 * Continuing unchecked shows 'Não é possivel avançar sem ler e concordar com a declaração' in the error summary
 * and at the checkbox.
 */
export function Declaracao({
  tipoSolicitacao,
  onAceita,
  ocupado = false,
}: {
  tipoSolicitacao: number;
  onAceita: () => void | Promise<void>;
  ocupado?: boolean;
}) {
  const texto = tipoSolicitacao === TipoSolicitacao.EDICAO_REGISTRO ? TEXTO_DECLARACAO.edicao : TEXTO_DECLARACAO.registro;
  const { register, handleSubmit, formState } = useFormulario<Valores>({
    resolver: zodResolver(schema),
    defaultValues: { aceite: false },
  });

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(() => onAceita())(e)}>
      {/* The specification's warning, word for word, in the summary as at the checkbox. */}
      <ErrorSummary
        errors={formState.errors.aceite?.message ? [{ field: 'aceite', message: formState.errors.aceite.message }] : []}
        attempt={formState.submitCount}
      />
      <section className="br-card declaracao" aria-labelledby="titulo-declaracao">
        <div className="card-content">
          <h2 id="titulo-declaracao">Declaração: {tipoSolicitacaoLabel[tipoSolicitacao as Tipo]}</h2>
          <p>{texto.introducao}</p>
          <ol className="declaracao-itens" type="I">
            {texto.itens.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
          <p>
            Os dados pessoais informados serão tratados nos termos da Lei Geral de Proteção de Dados Pessoais (Lei nº
            13.709/2018), exclusivamente para o registro, a fiscalização e as políticas públicas da atividade pesqueira.
          </p>
        </div>
      </section>
      <CheckboxField id="aceite" label="Li e concordo" error={formState.errors.aceite?.message} {...register('aceite')} />
      <div className="mt-3">
        <button type="submit" className="br-button primary" disabled={ocupado} aria-busy={ocupado || undefined}>
          Continuar
        </button>
      </div>
    </form>
  );
}
