import { useFieldArray, useWatch, get } from 'react-hook-form';
import { Categoria } from '../../../shared/enums';
import {
  AMBIENTES_PESCA,
  CATEGORIAS,
  FORMAS_ATUACAO,
  GRUPOS_ALVO,
  PROPRIEDADES_EMBARCACAO,
  PROPULSOES,
  TIPOS_EMBARCACAO,
  TIPOS_LOCAL_PESCA,
} from '../../../shared/referencias';
import { FormaAtuacao, passo2Schema, regrasPasso2, type Passo2 } from '../../../shared/schemas/solicitacao';
import { ufPorCodigo } from '../../../shared/ufs';
import { fieldId, type PathError } from '../../components/form/form-errors';
import { CnpjField, PesoField } from '../../components/form/masked-field';
import { confirmar } from '../../lib/confirm';
import { mensagemErro } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { CampoUfMunicipio } from './campo-municipio';
import { CampoCheckboxes, CampoMascara, CampoRadio, CampoSelect, CampoTexto } from '../../components/form/campos';
import { useFormulario } from '../../components/form/use-formulario';
import { BotaoRepeticao, CampoSimNao, Col, ItemRepetido, SecaoPasso } from './layout-passo';
import { PassoForm, resolverDoPasso, useEnvioPasso } from './passo-form';
import { ID_TITULO_PASSO, type PassoProps } from './passo-props';
import { useRemoverEmbarcacao } from './use-solicitacao';
import {
  booleano,
  decimal,
  decimalDe,
  idDe,
  idsDe,
  ids,
  listaDe,
  numero,
  objetoDe,
  OPCOES_UF,
  opcoesDe,
  simNaoDe,
  texto,
  textoDe,
  type Registro,
} from './valores';

interface EmbarcacaoForm {
  nome: string;
  tie: string;
  rgp: string;
  cir: string;
  tamanho: string;
  propulsao: string;
  potencia: string;
  proprietario: string;
  tipoEmbarcacao: { id: string };
}

interface AreaForm {
  /** only to choose the municipality; not sent */
  uf: string;
  idMunicipio: string;
  tipoLocalPesca: string;
  nomePopularLocalPesca: string;
}

export interface Passo2Form {
  dadosAtividadePesca: {
    formaAtuacaoPesca: {
      formaAtuacao: string;
      categoria: string;
      propriedadeEmbarcacao: { id: string };
      possuiRegistroEmbarcacao: string;
      embarcacao: EmbarcacaoForm;
    };
    ambientePesca: string[];
    areaPretendidaPesca: AreaForm[];
    gruposAlvosPesca: string[];
  };
  possuiInstituicaoRepresentante: string;
  entidadeRepresentante: { cnpj: string; nome: string; siglaUf: string; email: string };
}

const CAMINHO_FORMA = 'dadosAtividadePesca.formaAtuacaoPesca';
const CAMINHO_AREAS = 'dadosAtividadePesca.areaPretendidaPesca';

const EMBARCACAO_VAZIA: EmbarcacaoForm = {
  nome: '',
  tie: '',
  rgp: '',
  cir: '',
  tamanho: '',
  propulsao: '',
  potencia: '',
  proprietario: '',
  tipoEmbarcacao: { id: '' },
};

export const AREA_VAZIA: AreaForm = { uf: '', idMunicipio: '', tipoLocalPesca: '', nomePopularLocalPesca: '' };

const EMBARCADO = String(FormaAtuacao.EMBARCADO);
const DESEMBARCADO = String(FormaAtuacao.DESEMBARCADO);
const ARTESANAL = String(Categoria.ARTESANAL);

const OPCOES_FORMA = opcoesDe(FORMAS_ATUACAO);
const OPCOES_CATEGORIA = opcoesDe(CATEGORIAS);
const OPCOES_PROPRIEDADE = opcoesDe(PROPRIEDADES_EMBARCACAO);
const OPCOES_PROPULSAO = opcoesDe(PROPULSOES);
const OPCOES_TIPO_EMBARCACAO = opcoesDe(TIPOS_EMBARCACAO);
const OPCOES_AMBIENTE = opcoesDe(AMBIENTES_PESCA);
const OPCOES_GRUPO = opcoesDe(GRUPOS_ALVO);
const OPCOES_LOCAL = opcoesDe(TIPOS_LOCAL_PESCA);

/** The saved vessel, if any (it can be removed from the server). */
export function embarcacaoSalva(s: Registro | undefined): Registro | null {
  const e = objetoDe(objetoDe(objetoDe(s?.dadosAtividadePesca).formaAtuacaoPesca).embarcacao);
  return Object.keys(e).length > 0 ? e : null;
}

function areaDe(a: unknown): AreaForm {
  const area = objetoDe(a);
  const idMunicipio = idDe(area.idMunicipio);
  // The state of an IBGE municipality code is its first two digits.
  const uf = idMunicipio ? (ufPorCodigo(Math.floor(Number(idMunicipio) / 100_000))?.sigla ?? '') : '';
  return {
    uf,
    idMunicipio,
    tipoLocalPesca: idDe(area.tipoLocalPesca),
    nomePopularLocalPesca: textoDe(area.nomePopularLocalPesca),
  };
}

export function valoresPasso2(s: Registro | undefined): Passo2Form {
  const atividade = objetoDe(s?.dadosAtividadePesca);
  const forma = objetoDe(atividade.formaAtuacaoPesca);
  const e = embarcacaoSalva(s) ?? {};
  const entidade = objetoDe(s?.entidadeRepresentante);
  const areas = listaDe(atividade.areaPretendidaPesca).map(areaDe);
  return {
    dadosAtividadePesca: {
      formaAtuacaoPesca: {
        formaAtuacao: idDe(forma.formaAtuacao),
        categoria: idDe(forma.categoria),
        propriedadeEmbarcacao: { id: idDe(forma.propriedadeEmbarcacao) },
        possuiRegistroEmbarcacao: simNaoDe(forma.possuiRegistroEmbarcacao),
        embarcacao: {
          nome: textoDe(e.nome),
          tie: textoDe(e.tie),
          rgp: textoDe(e.rgp),
          cir: textoDe(e.cir),
          tamanho: decimalDe(e.tamanho),
          propulsao: idDe(e.propulsao),
          potencia: decimalDe(e.potencia),
          proprietario: textoDe(e.proprietario),
          tipoEmbarcacao: { id: idDe(e.tipoEmbarcacao) },
        },
      },
      ambientePesca: idsDe(atividade.ambientePesca),
      areaPretendidaPesca: areas.length > 0 ? areas : [{ ...AREA_VAZIA }],
      gruposAlvosPesca: idsDe(atividade.gruposAlvosPesca),
    },
    possuiInstituicaoRepresentante: simNaoDe(s?.possuiInstituicaoRepresentante),
    entidadeRepresentante: {
      cnpj: textoDe(entidade.cnpj),
      nome: textoDe(entidade.nome),
      siglaUf: textoDe(entidade.siglaUf),
      email: textoDe(entidade.email),
    },
  };
}

/** The vessel is waived for artesanal fishing without vessel registration. */
function embarcacaoDispensada(categoria: string, possuiRegistro: string): boolean {
  return categoria === ARTESANAL && possuiRegistro === 'false';
}

/**
 * The schema's input: for desembarcado (2) every vessel field is dropped; the vessel is dropped when waived;
 * the entity is dropped when not affiliated.
 */
export function entradaPasso2(v: Passo2Form) {
  const f = v.dadosAtividadePesca.formaAtuacaoPesca;
  const embarcado = f.formaAtuacao === EMBARCADO;
  const e = f.embarcacao;
  const comEntidade = v.possuiInstituicaoRepresentante === 'true';
  return {
    dadosAtividadePesca: {
      formaAtuacaoPesca: {
        formaAtuacao: numero(f.formaAtuacao),
        categoria: numero(f.categoria),
        propriedadeEmbarcacao: embarcado ? { id: numero(f.propriedadeEmbarcacao.id) } : null,
        possuiRegistroEmbarcacao: embarcado ? (booleano(f.possuiRegistroEmbarcacao) ?? null) : null,
        embarcacao:
          embarcado && !embarcacaoDispensada(f.categoria, f.possuiRegistroEmbarcacao)
            ? {
                nome: texto(e.nome),
                tie: texto(e.tie),
                rgp: texto(e.rgp),
                cir: f.categoria === ARTESANAL ? null : texto(e.cir),
                tamanho: decimal(e.tamanho),
                propulsao: numero(e.propulsao),
                potencia: decimal(e.potencia),
                proprietario: texto(e.proprietario),
                tipoEmbarcacao: { id: numero(e.tipoEmbarcacao.id) },
              }
            : null,
      },
      ambientePesca: ids(v.dadosAtividadePesca.ambientePesca),
      areaPretendidaPesca: v.dadosAtividadePesca.areaPretendidaPesca.map((a) => ({
        idMunicipio: numero(a.idMunicipio) ?? null,
        tipoLocalPesca: numero(a.tipoLocalPesca) ?? null,
        nomePopularLocalPesca: texto(a.nomePopularLocalPesca) ?? null,
      })),
      gruposAlvosPesca: ids(v.dadosAtividadePesca.gruposAlvosPesca),
    },
    possuiInstituicaoRepresentante: booleano(v.possuiInstituicaoRepresentante),
    entidadeRepresentante: comEntidade
      ? {
          cnpj: texto(v.entidadeRepresentante.cnpj),
          nome: texto(v.entidadeRepresentante.nome),
          siglaUf: texto(v.entidadeRepresentante.siglaUf),
          email: texto(v.entidadeRepresentante.email),
        }
      : null,
  };
}

/** The step's rules across fields (the shared schema's refinement, `regrasPasso2`) on the body the form would send. */
export function condicionaisPasso2(v: Passo2Form): PathError[] {
  return regrasPasso2(entradaPasso2(v)).map((p) => ({ path: p.path.join('.'), message: p.message }));
}

/** Step 2: fishing activity (spec point 3, "Step 2"). */
export function Passo2AtividadePesqueira({ solicitacao, tipo, somenteLeitura, onSalvo, onVoltar, onAvancar, celular }: PassoProps) {
  const form = useFormulario<Passo2Form, unknown, Passo2>({
    defaultValues: (celular?.valores(2) as Passo2Form | undefined) ?? valoresPasso2(solicitacao),
    resolver: resolverDoPasso(passo2Schema, entradaPasso2, condicionaisPasso2),
  });
  const { control, setValue, formState } = form;
  const envio = useEnvioPasso({ form, passo: 2, tipo, id: solicitacao?.id, alvoGeral: ID_TITULO_PASSO, onSalvo, celular });
  const areas = useFieldArray({ control, name: CAMINHO_AREAS });
  const [formaAtuacao, categoria, possuiRegistro, possuiEntidade] = useWatch({
    control,
    name: [
      `${CAMINHO_FORMA}.formaAtuacao`,
      `${CAMINHO_FORMA}.categoria`,
      `${CAMINHO_FORMA}.possuiRegistroEmbarcacao`,
      'possuiInstituicaoRepresentante',
    ],
  });
  const remover = useRemoverEmbarcacao();
  const temEmbarcacaoSalva = !!solicitacao && embarcacaoSalva(solicitacao) !== null;
  const embarcado = formaAtuacao === EMBARCADO;
  const mostraEmbarcacao = embarcado && !embarcacaoDispensada(categoria, possuiRegistro);

  const limparEmbarcacao = () => setValue(`${CAMINHO_FORMA}.embarcacao`, { ...EMBARCACAO_VAZIA, tipoEmbarcacao: { id: '' } });

  const aoMudarForma = (valor: string) => {
    if (valor !== DESEMBARCADO) return;
    // Desembarcado: no vessel at all.
    limparEmbarcacao();
    setValue(`${CAMINHO_FORMA}.propriedadeEmbarcacao`, { id: '' });
    setValue(`${CAMINHO_FORMA}.possuiRegistroEmbarcacao`, '');
  };

  const removerEmbarcacao = async () => {
    if (!solicitacao) return;
    if (!(await confirmar())) return;
    try {
      await remover.mutateAsync(solicitacao.id);
      limparEmbarcacao();
      showToast('success', 'Embarcação removida com sucesso');
    } catch (error) {
      showToast('error', mensagemErro(error, 'Erro ao remover embarcação'));
    }
  };

  return (
    <PassoForm envio={envio} somenteLeitura={somenteLeitura} onVoltar={onVoltar} onAvancar={onAvancar}>
      <fieldset className="form-section">
        <legend className="form-section-title">Forma de atuação</legend>
        <div className="row">
          <div className="col-12 col-md-6">
            <CampoRadio
              control={control}
              name={`${CAMINHO_FORMA}.formaAtuacao`}
              legend="Forma de atuação na pesca"
              options={OPCOES_FORMA}
              inline
              aoMudar={aoMudarForma}
            />
          </div>
          <div className="col-12 col-md-6">
            <CampoRadio control={control} name={`${CAMINHO_FORMA}.categoria`} legend="Categoria" options={OPCOES_CATEGORIA} inline />
          </div>
          {embarcado && (
            <>
              <div className="col-12 col-md-6">
                <CampoSelect
                  control={control}
                  name={`${CAMINHO_FORMA}.propriedadeEmbarcacao.id`}
                  label="Propriedade da embarcação"
                  options={OPCOES_PROPRIEDADE}
                />
              </div>
              <Col md={6}><CampoSimNao control={control} name={`${CAMINHO_FORMA}.possuiRegistroEmbarcacao`} legend="A embarcação possui registro?" /></Col>
            </>
          )}
        </div>
        {embarcado && !mostraEmbarcacao && (
          <p className="field-hint">Na pesca artesanal com embarcação sem registro, os dados da embarcação não são exigidos.</p>
        )}
      </fieldset>

      {mostraEmbarcacao && (
        <SecaoPasso
          titulo="Embarcação"
          depois={temEmbarcacaoSalva && !somenteLeitura && (
            <button type="button" className="br-button secondary danger-action" onClick={() => void removerEmbarcacao()} disabled={remover.isPending}>
              <i className="fas fa-trash" aria-hidden="true" /> Remover embarcação
            </button>
          )}
        >
          <Col md={6}><CampoTexto control={control} name={`${CAMINHO_FORMA}.embarcacao.nome`} label="Nome da embarcação" /></Col>
          <Col md={6}>
            <CampoSelect control={control} name={`${CAMINHO_FORMA}.embarcacao.tipoEmbarcacao.id`} label="Tipo de embarcação" options={OPCOES_TIPO_EMBARCACAO} />
          </Col>
          <Col md={4}><CampoTexto control={control} name={`${CAMINHO_FORMA}.embarcacao.tie`} label="Título de Inscrição da Embarcação (TIE)" /></Col>
          <Col md={4}><CampoTexto control={control} name={`${CAMINHO_FORMA}.embarcacao.rgp`} label="RGP da embarcação" optional /></Col>
          {categoria !== ARTESANAL && (
            <Col md={4}>
              <CampoTexto control={control} name={`${CAMINHO_FORMA}.embarcacao.cir`} label="Certificado de Inscrição e Registro (CIR)" optional />
            </Col>
          )}
          <Col md={4}>
            <CampoMascara control={control} name={`${CAMINHO_FORMA}.embarcacao.tamanho`} Componente={PesoField} label="Comprimento (metros)"
              hint="Use vírgula para os decimais, por exemplo 8,5" />
          </Col>
          <Col md={4}><CampoSelect control={control} name={`${CAMINHO_FORMA}.embarcacao.propulsao`} label="Propulsão" options={OPCOES_PROPULSAO} /></Col>
          <Col md={4}>
            <CampoMascara control={control} name={`${CAMINHO_FORMA}.embarcacao.potencia`} Componente={PesoField} label="Potência do motor (HP)"
              hint="Informe 0 se a embarcação não tiver motor" />
          </Col>
          <Col><CampoTexto control={control} name={`${CAMINHO_FORMA}.embarcacao.proprietario`} label="Nome do proprietário" /></Col>
        </SecaoPasso>
      )}

      <section className="form-section" aria-labelledby="titulo-onde-pesca">
        <h3 id="titulo-onde-pesca" className="form-section-title">
          Onde e o que pesca
        </h3>
        <CampoCheckboxes
          control={control}
          name="dadosAtividadePesca.ambientePesca"
          legend="Ambiente de pesca"
          hint="Marque todos os que se aplicam"
          options={OPCOES_AMBIENTE}
        />

        <div className="repeatable" id={fieldId(CAMINHO_AREAS)} tabIndex={-1}>
          <h4 className="repeatable-title">Locais de pesca pretendidos</h4>
          {areas.fields.map((area, i) => {
            const caminho = `${CAMINHO_AREAS}.${i}` as const;
            const idLinha = fieldId(caminho);
            const erroLinha = (get(formState.errors, caminho) as { message?: string } | undefined)?.message;
            const idErro = erroLinha ? `${idLinha}-erro` : undefined;
            return (
              <ItemRepetido
                key={area.id}
                titulo={`Local de pesca ${i + 1}`}
                id={idLinha}
                erro={erroLinha}
                onRemover={areas.fields.length > 1 ? () => areas.remove(i) : undefined}
              >
                <CampoUfMunicipio control={control} nomeUf={`${caminho}.uf`} nomeMunicipio={`${caminho}.idMunicipio`} describedBy={idErro} />
                <Col md={6}>
                  <CampoSelect control={control} name={`${caminho}.tipoLocalPesca`} label="Tipo de local de pesca" options={OPCOES_LOCAL} describedBy={idErro} />
                </Col>
                <Col md={6}>
                  <CampoTexto control={control} name={`${caminho}.nomePopularLocalPesca`} label="Nome popular do local" describedBy={idErro} />
                </Col>
              </ItemRepetido>
            );
          })}
          <BotaoRepeticao acao="Adicionar" rotulo="local de pesca" onClick={() => areas.append({ ...AREA_VAZIA })} />
        </div>

        <CampoCheckboxes
          control={control}
          name="dadosAtividadePesca.gruposAlvosPesca"
          legend="Grupos-alvo da pesca"
          hint="Marque todos os que se aplicam"
          options={OPCOES_GRUPO}
        />
      </section>

      <fieldset className="form-section">
        <legend className="form-section-title">Entidade representativa</legend>
        <CampoSimNao
          control={control}
          name="possuiInstituicaoRepresentante"
          legend="É filiado(a) a alguma entidade representativa (colônia, associação, sindicato ou cooperativa)?"
        />
        {possuiEntidade === 'true' && (
          <div className="row">
            <Col md={6}><CampoMascara control={control} name="entidadeRepresentante.cnpj" Componente={CnpjField} label="CNPJ da entidade" /></Col>
            <Col md={6}><CampoTexto control={control} name="entidadeRepresentante.nome" label="Nome da entidade" /></Col>
            <Col md={6}><CampoSelect control={control} name="entidadeRepresentante.siglaUf" label="UF da entidade" options={OPCOES_UF} /></Col>
            <Col md={6}><CampoTexto control={control} name="entidadeRepresentante.email" label="E-mail da entidade" type="email" optional /></Col>
          </div>
        )}
      </fieldset>
    </PassoForm>
  );
}
