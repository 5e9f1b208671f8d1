import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { isValidCpf, onlyDigits } from '../../../shared/cpf';
import { exibirRgp, isRgpValido, MENSAGEM_RGP_INVALIDO, normalizarRgp } from '../../../shared/rgp';
import type { CarteiraPublica } from '../../../shared/schemas/carteira';
import { ErrorSummary } from '../../components/error-summary';
import { CampoCpf } from '../../components/form/campo-cpf';
import { inPageOrder, withFieldNames } from '../../components/form/form-errors';
import { TextField } from '../../components/form/text-field';
import { ERRO_DESCONHECIDO } from '../../lib/api';
import { Captcha } from './captcha';
import { camposCarteira, isAtivo, ListaCampos } from './campos-resultado';
import { BotaoConsultar, ResultadoConsulta, useConsultaPublica } from './use-consulta';
import './consulta-publica.css';

export const MENSAGENS_CONSULTA_CARTEIRA = {
  cpfObrigatorio: 'Informe o CPF',
  cpfInvalido: 'CPF inválido',
  rgpObrigatorio: 'Informe o número do RGP',
  rgpInvalido: MENSAGEM_RGP_INVALIDO,
} as const;

type Campo = 'cpf' | 'rgp';
type Valores = Record<Campo, string>;
type Erros = Partial<Record<Campo, string>>;

export function errosDaConsultaCarteira(v: Valores): Erros {
  const erros: Erros = {};
  if (!onlyDigits(v.cpf)) erros.cpf = MENSAGENS_CONSULTA_CARTEIRA.cpfObrigatorio;
  else if (!isValidCpf(v.cpf)) erros.cpf = MENSAGENS_CONSULTA_CARTEIRA.cpfInvalido;
  if (!v.rgp.trim()) erros.rgp = MENSAGENS_CONSULTA_CARTEIRA.rgpObrigatorio;
  else if (!isRgpValido(v.rgp)) erros.rgp = MENSAGENS_CONSULTA_CARTEIRA.rgpInvalido;
  return erros;
}

const CAMPOS: readonly Campo[] = ['cpf', 'rgp'];

function valoresDe(form: HTMLFormElement): Valores {
  const dados = new FormData(form);
  return { cpf: String(dados.get('cpf') ?? ''), rgp: String(dados.get('rgp') ?? '') };
}

function rgpDigitado(valor: string): string {
  return exibirRgp(valor) || valor.toUpperCase();
}

/**
 * Anyone checks a professional card by CPF and RGP number, after the captcha. A light form of its own (no form or
 * mask library) keeps the public page within its budget, behaving as the app's forms do.
 */
export function ConsultaCarteira() {
  return (
    <ConsultaPorCpfERgp<CarteiraPublica>
      prefixo="consulta-carteira" titulo="Dados da carteira" rotuloCpf="CPF do pescador" rotuloBotao="Consultar carteira"
      consultar={async (cpf, rgp, token) => (await import('./consulta-api')).consultarCarteira(cpf, rgp, token)}
      resultado={(r) => (
        <>
          <p className={`consulta-status ${isAtivo(r) ? 'positivo' : 'neutro'}`} role="status">
            <i className={`fas ${isAtivo(r) ? 'fa-check-circle' : 'fa-info-circle'}`} aria-hidden="true" />{' '}
            Carteira encontrada
          </p>
          <ListaCampos campos={camposCarteira(r)} />
        </>
      )}
    />
  );
}

/** A public lookup by CPF and RGP number behind the captcha: the card's, and the act's list ("Estou na lista?"). */
export function ConsultaPorCpfERgp<T>({ prefixo, titulo, rotuloCpf, rotuloBotao, consultar, resultado: mostrar }: {
  prefixo: string; titulo: string; rotuloCpf: string; rotuloBotao: string;
  consultar: (cpf: string, rgp: string, token: string) => Promise<T>; resultado: (r: T) => ReactNode;
}) {
  const idCampo = (campo: Campo) => `${prefixo}-${campo}`;
  const c = useConsultaPublica<T>(ERRO_DESCONHECIDO);
  const [erros, setErros] = useState<Erros>({});
  const [enviado, setEnviado] = useState(false);
  const [enviando, setEnviando] = useState(false);

  const conferirDeNovo = (campo: Campo) => (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    if (!enviado || !form) return;
    const erro = errosDaConsultaCarteira(valoresDe(form))[campo];
    setErros((atuais) => ({ ...atuais, [campo]: erro }));
  };

  async function enviar(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const v = valoresDe(event.currentTarget);
    const encontrados = errosDaConsultaCarteira(v);
    setEnviado(true);
    setErros(encontrados);
    if (CAMPOS.some((campo) => encontrados[campo])) {
      c.invalido();
      return;
    }
    setEnviando(true);
    try {
      // The lookup's contract and zod come with the first lookup (decision 0065), not with the page.
      await c.consultar((token) => consultar(onlyDigits(v.cpf), normalizarRgp(v.rgp), token));
    } finally {
      setEnviando(false);
    }
  }

  const resumo = withFieldNames(
    inPageOrder(CAMPOS.flatMap((campo) => (erros[campo] ? [{ field: idCampo(campo), message: erros[campo] }] : []))),
  );
  const resultado = c.resultado;

  return (
    <>
      <form className="consulta-form" aria-labelledby={`titulo-${prefixo}`} noValidate onSubmit={(e) => void enviar(e)}>
        <h2 id={`titulo-${prefixo}`}>{titulo}</h2>
        <ErrorSummary errors={[...resumo, ...c.errosCaptcha]} attempt={c.tentativa} />
        <CampoCpf
          id={idCampo('cpf')}
          name="cpf"
          label={rotuloCpf}
          hint="Somente números"
          error={erros.cpf}
          onChange={conferirDeNovo('cpf')}
        />
        <TextField
          id={idCampo('rgp')}
          name="rgp"
          label="Número do RGP"
          hint="Como impresso na carteira, por exemplo PA-PA-00000000042"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={erros.rgp}
          onChange={conferirDeNovo('rgp')}
          onBlur={(e) => {
            e.currentTarget.value = rgpDigitado(e.currentTarget.value);
          }}
        />
        <Captcha {...c.captcha.props} />
        <BotaoConsultar enviando={enviando} rotulo={rotuloBotao} />
      </form>

      {(resultado || c.falha) && (
        <ResultadoConsulta id={`titulo-resultado-${prefixo}`} tituloRef={c.resultadoRef} falha={c.falha}>
          {resultado && mostrar(resultado)}
        </ResultadoConsulta>
      )}
    </>
  );
}
