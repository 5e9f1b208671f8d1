import { useWatch } from 'react-hook-form';
import { formatCpf } from '../../../shared/cpf';
import { exibirRgp } from '../../../shared/rgp';
import { Nacionalidade, situacaoRegistroLabel, TipoSolicitacao, type SituacaoRegistro } from '../../../shared/enums';
import {
  ESCOLARIDADES,
  ETNIAS,
  NACIONALIDADES,
  ORGAOS_EMISSORES,
  SEXOS,
  TIPOS_DOCUMENTO_SOCIAL,
} from '../../../shared/referencias';
import { NOME_PAI_NAO_INFORMADO, passo1Schema, type Passo1 } from '../../../shared/schemas/solicitacao';
import { MENSAGENS_CIN, isCin } from '../../../shared/regras/cin';
import { AvisoCin } from '../../components/aviso-cin';
import { ListaDados, type Dado } from '../../components/lista-dados';
import { CheckboxField } from '../../components/form/checkbox-field';
import { CepField, CpfField, ProcessoField, TelefoneField } from '../../components/form/masked-field';
import { formatDate, todayInSaoPaulo } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { CampoUfMunicipio } from './campo-municipio';
import { CampoMascara, CampoRadio, CampoSelect, CampoTexto } from '../../components/form/campos';
import { useFormulario } from '../../components/form/use-formulario';
import { CampoSimNao, Col, SecaoPasso } from './layout-passo';
import { PassoForm, resolverDoPasso, useEnvioPasso } from './passo-form';
import { ID_TITULO_PASSO, type PassoProps } from './passo-props';
import { booleano, dataDe, idDe, numero, objetoDe, OPCOES_UF, opcoesDe, simNaoDe, texto, textoDe, type Registro } from './valores';

export interface Passo1Form {
  cpf: string;
  nome: string;
  dataNascimento: string;
  sexo: string;
  nomeMae: string;
  nomePai: string;
  /** "Pai não declarado": the father's name is sent as 'NÃO INFORMADO' */
  paiNaoDeclarado: boolean;
  apelido: string;
  escolaridade: string;
  etnia: string;
  alfabetizacao: string;
  nacionalidadeBrasileira: string;
  docIdentificacao: { numero: string; ufEmissao: string; orgaoEmissor: string; dataEmissao: string };
  documentoSocial: { tipo: string; numero: string };
  endereco: {
    cep: string;
    logradouro: string;
    numeroLogradouro: string;
    bairro: string;
    complemento: string;
    uf: string;
    municipio: string;
  };
  contato: { email: string; telefone: string };
  protocolo: { dataProtocolo: string; numeroNupSei: string };
  /** Re-registration (type 2): the previous registry, when the registry does not know it (decision 0033). */
  rgpAnterior: { numeroRGP: string; dataPrimeiroRgp: string };
}

const OPCOES_SEXO = opcoesDe(SEXOS);
const OPCOES_ESCOLARIDADE = opcoesDe(ESCOLARIDADES);
const OPCOES_ETNIA = opcoesDe(ETNIAS);
const OPCOES_ORGAO = ORGAOS_EMISSORES.map((o) => ({ value: String(o.id), label: `${o.sigla} – ${o.descricao}` }));
const OPCOES_NACIONALIDADE = NACIONALIDADES.map((n) => ({ value: n.sigla, label: n.descricao }));
const OPCOES_DOCUMENTO_SOCIAL = TIPOS_DOCUMENTO_SOCIAL.map((d) => ({ value: String(d.id), label: d.sigla }));

/** The form's first values: the saved step, or (new request) the signed-in fisher's CPF and name. */
export function valoresPasso1(s: Registro | undefined, sessao: { cpf: string; nome: string }): Passo1Form {
  const doc = objetoDe(s?.docIdentificacao);
  const social = objetoDe(s?.documentoSocial);
  const endereco = objetoDe(s?.endereco);
  const contato = objetoDe(s?.contato);
  const protocolo = objetoDe(s?.protocolo);
  const rgpAnterior = objetoDe(s?.rgpAnterior);
  const nomePai = textoDe(s?.nomePai);
  return {
    cpf: formatCpf(textoDe(s?.cpf) || sessao.cpf),
    nome: textoDe(s?.nome) || sessao.nome,
    dataNascimento: dataDe(s?.dataNascimento),
    sexo: idDe(s?.sexo),
    nomeMae: textoDe(s?.nomeMae),
    nomePai,
    paiNaoDeclarado: nomePai === NOME_PAI_NAO_INFORMADO,
    apelido: textoDe(s?.apelido),
    escolaridade: idDe(s?.escolaridade),
    etnia: idDe(s?.etnia),
    alfabetizacao: simNaoDe(s?.alfabetizacao),
    nacionalidadeBrasileira: textoDe(s?.nacionalidadeBrasileira),
    docIdentificacao: {
      numero: textoDe(doc.numero),
      ufEmissao: idDe(doc.ufEmissao),
      orgaoEmissor: idDe(doc.orgaoEmissor),
      dataEmissao: dataDe(doc.dataEmissao),
    },
    documentoSocial: { tipo: idDe(social.tipo), numero: textoDe(social.numero) },
    endereco: {
      cep: textoDe(endereco.cep),
      logradouro: textoDe(endereco.logradouro),
      numeroLogradouro: textoDe(endereco.numeroLogradouro),
      bairro: textoDe(endereco.bairro),
      complemento: textoDe(endereco.complemento),
      uf: idDe(endereco.uf),
      municipio: idDe(endereco.municipio),
    },
    contato: { email: textoDe(contato.email), telefone: textoDe(contato.telefone) },
    protocolo: { dataProtocolo: dataDe(protocolo.dataProtocolo), numeroNupSei: textoDe(protocolo.numeroNupSei) },
    rgpAnterior: { numeroRGP: exibirRgp(textoDe(rgpAnterior.numeroRGP)), dataPrimeiroRgp: dataDe(rgpAnterior.dataPrimeiroRgp) },
  };
}

/**
 * The schema's input: foreigners drop the social document; the protocol is kept only for type 3; the father's
 * name is 'NÃO INFORMADO' when the box is ticked.
 */
export function entradaPasso1(v: Passo1Form, tipo: number) {
  const estrangeiro = v.nacionalidadeBrasileira === Nacionalidade.ESTRANGEIRA;
  return {
    cpf: texto(v.cpf),
    nome: texto(v.nome),
    dataNascimento: texto(v.dataNascimento),
    sexo: numero(v.sexo),
    nomeMae: texto(v.nomeMae),
    nomePai: v.paiNaoDeclarado ? NOME_PAI_NAO_INFORMADO : texto(v.nomePai),
    apelido: texto(v.apelido),
    escolaridade: numero(v.escolaridade),
    etnia: numero(v.etnia),
    alfabetizacao: booleano(v.alfabetizacao),
    nacionalidadeBrasileira: texto(v.nacionalidadeBrasileira),
    docIdentificacao: {
      numero: texto(v.docIdentificacao.numero),
      ufEmissao: texto(v.docIdentificacao.ufEmissao),
      orgaoEmissor: numero(v.docIdentificacao.orgaoEmissor),
      dataEmissao: texto(v.docIdentificacao.dataEmissao),
    },
    documentoSocial: estrangeiro ? null : { tipo: numero(v.documentoSocial.tipo), numero: texto(v.documentoSocial.numero) },
    endereco: {
      cep: texto(v.endereco.cep),
      logradouro: texto(v.endereco.logradouro),
      numeroLogradouro: texto(v.endereco.numeroLogradouro),
      bairro: texto(v.endereco.bairro),
      complemento: texto(v.endereco.complemento),
      municipio: numero(v.endereco.municipio),
      uf: texto(v.endereco.uf),
    },
    contato: { email: texto(v.contato.email), telefone: texto(v.contato.telefone) },
    protocolo:
      tipo === TipoSolicitacao.REGISTRO_PROTOCOLO
        ? { dataProtocolo: texto(v.protocolo.dataProtocolo), numeroNupSei: texto(v.protocolo.numeroNupSei) }
        : null,
    rgpAnterior:
      tipo === TipoSolicitacao.RECADASTRAMENTO && (v.rgpAnterior.numeroRGP.trim() || v.rgpAnterior.dataPrimeiroRgp)
        ? { numeroRGP: v.rgpAnterior.numeroRGP.trim() || null, dataPrimeiroRgp: v.rgpAnterior.dataPrimeiroRgp || null }
        : null,
  };
}

/** An RGP number as displayed (SP-PA-00000000123, `exibirRgp`). */
function numeroRgp(v: unknown): string {
  return exibirRgp(textoDe(v));
}

/** The registry block (rgp) of a request that carries it, read-only. */
function DadosRegistro({ rgp }: { rgp: Registro }) {
  const dados: Dado[] = [
    { termo: 'Número do RGP', valor: numeroRgp(rgp.numeroRGP) },
    { termo: 'Número do primeiro RGP', valor: numeroRgp(rgp.numeroPrimeiroRGP) },
    { termo: 'Órgão', valor: textoDe(rgp.orgao) },
    { termo: 'Data do primeiro RGP', valor: formatDate(textoDe(rgp.dataPrimeiroRgp)) },
    { termo: 'Origem', valor: textoDe(rgp.origem) },
    { termo: 'Situação', valor: typeof rgp.situacao === 'number' ? situacaoRegistroLabel[rgp.situacao as SituacaoRegistro] : '' },
    { termo: 'Data de suspensão ou cancelamento', valor: formatDate(textoDe(rgp.dataSuspensoCancelado)) },
  ];
  return (
    <section className="form-block" aria-labelledby="titulo-rgp">
      <h3 id="titulo-rgp">Registro Geral da Atividade Pesqueira (RGP)</h3>
      <ListaDados dados={dados} className="dados-leitura" />
    </section>
  );
}

/** Step 1: personal data (spec point 3, "Step 1"). */
export function Passo1DadosPessoais({ solicitacao, tipo, somenteLeitura, onSalvo, onAvancar, celular }: PassoProps) {
  const session = useSession();
  const form = useFormulario<Passo1Form, unknown, Passo1>({
    defaultValues: (celular?.valores(1) as Passo1Form | undefined)
      ?? valoresPasso1(solicitacao, { cpf: session?.sub ?? '', nome: session?.nome ?? '' }),
    resolver: resolverDoPasso(passo1Schema(tipo), (v: Passo1Form) => entradaPasso1(v, tipo)),
  });
  const { control, setValue, register, formState } = form;
  const envio = useEnvioPasso({ form, passo: 1, tipo, id: solicitacao?.id, alvoGeral: ID_TITULO_PASSO, onSalvo, celular });
  const [paiNaoDeclarado, nacionalidade, cpf, numeroDoc] = useWatch({
    control, name: ['paiNaoDeclarado', 'nacionalidadeBrasileira', 'cpf', 'docIdentificacao.numero'],
  });
  // The CIN is the identity card numbered by the CPF (decision 0053): ticking it fills the number with the CPF.
  const brasileiro = nacionalidade !== Nacionalidade.ESTRANGEIRA;
  const ehCin = isCin({ numero: numeroDoc }, cpf);
  const hoje = todayInSaoPaulo();
  const rgp = solicitacao?.rgp && typeof solicitacao.rgp === 'object' ? (solicitacao.rgp as Registro) : null;

  return (
    <PassoForm envio={envio} somenteLeitura={somenteLeitura} onAvancar={onAvancar}>
      {rgp && <DadosRegistro rgp={rgp} />}

      <SecaoPasso titulo="Identificação">
        <Col md={4}><CampoMascara control={control} name="cpf" Componente={CpfField} label="CPF" readOnly /></Col>
        <Col md={8}><CampoTexto control={control} name="nome" label="Nome completo" autoComplete="name" /></Col>
        <Col md={4}>
          <CampoTexto control={control} name="dataNascimento" label="Data de nascimento" type="date" max={hoje} autoComplete="bday" />
        </Col>
        <Col md={8}><CampoRadio control={control} name="sexo" legend="Sexo" options={OPCOES_SEXO} inline /></Col>
        <Col md={6}><CampoTexto control={control} name="nomeMae" label="Nome da mãe" /></Col>
        <Col md={6}>
          <CampoTexto control={control} name="nomePai" label="Nome do pai" disabled={paiNaoDeclarado} />
          <CheckboxField
            id="paiNaoDeclarado"
            label="Pai não declarado"
            {...register('paiNaoDeclarado', {
              onChange: (e: { target: { checked: boolean } }) =>
                setValue('nomePai', e.target.checked ? NOME_PAI_NAO_INFORMADO : '', {
                  shouldValidate: formState.isSubmitted,
                }),
            })}
          />
        </Col>
        <Col md={6}><CampoTexto control={control} name="apelido" label="Apelido" optional autoComplete="nickname" /></Col>
        <Col md={6}><CampoSelect control={control} name="escolaridade" label="Escolaridade" options={OPCOES_ESCOLARIDADE} /></Col>
        <Col md={6}><CampoSelect control={control} name="etnia" label="Etnia (cor ou raça)" options={OPCOES_ETNIA} /></Col>
        <Col md={6}><CampoSimNao control={control} name="alfabetizacao" legend="Sabe ler e escrever?" /></Col>
        <Col><CampoRadio control={control} name="nacionalidadeBrasileira" legend="Nacionalidade" options={OPCOES_NACIONALIDADE} inline /></Col>
      </SecaoPasso>

      <SecaoPasso
        titulo="Documento de identificação"
        antes={
          <>
            {tipo === TipoSolicitacao.REGISTRO_INICIAL && brasileiro && <AvisoCin contexto="registroInicial" />}
            {brasileiro && (
              <CheckboxField
                id="docIdentificacaoCin"
                label={MENSAGENS_CIN.rotuloCin}
                hint={MENSAGENS_CIN.dicaCin}
                checked={ehCin}
                disabled={somenteLeitura}
                onChange={(e) => setValue('docIdentificacao.numero', e.target.checked ? formatCpf(cpf) : '', {
                  shouldValidate: formState.isSubmitted,
                })}
              />
            )}
          </>
        }
      >
        <Col md={6}><CampoTexto control={control} name="docIdentificacao.numero" label="Número do documento" readOnly={ehCin} /></Col>
        <Col md={6}><CampoSelect control={control} name="docIdentificacao.ufEmissao" label="UF de emissão" options={OPCOES_UF} /></Col>
        <Col md={6}><CampoSelect control={control} name="docIdentificacao.orgaoEmissor" label="Órgão emissor" options={OPCOES_ORGAO} /></Col>
        <Col md={6}><CampoTexto control={control} name="docIdentificacao.dataEmissao" label="Data de emissão" type="date" max={hoje} /></Col>
      </SecaoPasso>

      {nacionalidade !== Nacionalidade.ESTRANGEIRA && (
        <SecaoPasso titulo="Documento social (PIS, PASEP, NIS ou NIT)">
          <Col md={6}>
            <CampoRadio control={control} name="documentoSocial.tipo" legend="Tipo do documento social" options={OPCOES_DOCUMENTO_SOCIAL} inline />
          </Col>
          <Col md={6}>
            <CampoTexto control={control} name="documentoSocial.numero" label="Número do documento social" hint="11 dígitos, somente números"
              inputMode="numeric" maxLength={14} />
          </Col>
        </SecaoPasso>
      )}

      <SecaoPasso titulo="Endereço">
        <Col md={4}><CampoMascara control={control} name="endereco.cep" Componente={CepField} label="CEP" autoComplete="postal-code" /></Col>
        <Col md={8}><CampoTexto control={control} name="endereco.logradouro" label="Logradouro" autoComplete="address-line1" /></Col>
        <Col md={4}><CampoTexto control={control} name="endereco.numeroLogradouro" label="Número" hint="Se não houver, informe S/N" /></Col>
        <Col md={4}><CampoTexto control={control} name="endereco.bairro" label="Bairro" /></Col>
        <Col md={4}><CampoTexto control={control} name="endereco.complemento" label="Complemento" optional autoComplete="address-line2" /></Col>
        <CampoUfMunicipio control={control} nomeUf="endereco.uf" nomeMunicipio="endereco.municipio" />
      </SecaoPasso>

      <SecaoPasso titulo="Contato">
        <Col md={6}><CampoTexto control={control} name="contato.email" label="E-mail" type="email" optional autoComplete="email" /></Col>
        <Col md={6}>
          <CampoMascara control={control} name="contato.telefone" Componente={TelefoneField} label="Telefone" autoComplete="tel-national" />
        </Col>
      </SecaoPasso>

      {tipo === TipoSolicitacao.RECADASTRAMENTO && !textoDe(rgp?.numeroRGP) && (
        <SecaoPasso
          titulo="Registro anterior"
          antes={<p>Se você já teve RGP, informe o número e a data do primeiro RGP: o seu registro mantém o número anterior.</p>}
        >
          <Col md={6}>
            <CampoTexto control={control} name="rgpAnterior.numeroRGP" label="Número do RGP anterior" hint="Por exemplo PA-PA-00000012345" optional autoComplete="off" />
          </Col>
          <Col md={6}>
            <CampoTexto control={control} name="rgpAnterior.dataPrimeiroRgp" label="Data do primeiro RGP" type="date" max={hoje} optional />
          </Col>
        </SecaoPasso>
      )}

      {tipo === TipoSolicitacao.REGISTRO_PROTOCOLO && (
        <SecaoPasso titulo="Protocolo">
          <Col md={6}><CampoTexto control={control} name="protocolo.dataProtocolo" label="Data do protocolo" type="date" max={hoje} /></Col>
          <Col md={6}>
            <CampoMascara control={control} name="protocolo.numeroNupSei" Componente={ProcessoField} label="Número do processo (NUP/SEI)" />
          </Col>
        </SecaoPasso>
      )}
    </PassoForm>
  );
}
