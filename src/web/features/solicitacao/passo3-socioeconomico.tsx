import { useFieldArray } from 'react-hook-form';
import { FAIXAS_RENDA, INFRAESTRUTURAS_PUBLICAS, MEMBROS_FAMILIA, TIPOS_RESIDENCIA } from '../../../shared/referencias';
import { MEMBRO_FAMILIA_PADRAO, passo3Schema, type Passo3 } from '../../../shared/schemas/solicitacao';
import { todayInSaoPaulo } from '../../lib/dates';
import { CampoCheckboxes, CampoSelect, CampoTexto } from '../../components/form/campos';
import { useFormulario } from '../../components/form/use-formulario';
import { BotaoRepeticao, CampoSimNao, Col, ItemRepetido, SecaoPasso } from './layout-passo';
import { PassoForm, resolverDoPasso, useEnvioPasso } from './passo-form';
import { ID_TITULO_PASSO, type PassoProps } from './passo-props';
import { useProfissoes } from './use-solicitacao';
import { booleano, dataDe, idDe, ids, idsDe, inteiro, listaDe, numero, objetoDe, opcoesDe, simNaoDe, texto, textoDe, type Registro } from './valores';

interface MembroForm {
  membroFamilia: string;
  idade: string;
  participaPesca: string;
  possuiOutraFonteRenda: string;
}

interface FonteRendaForm {
  atividadeProfissional: string;
  faixaRenda: string;
  idProfissao: string;
  dataAdmissao: string;
  dataEncerramento: string;
}

export interface Passo3Form {
  dadosSocioEconomicos: MembroForm[];
  fontesRenda: FonteRendaForm[];
  rendaBeneficio: { possuiRendaFederal: string; possuiSeguroDefeso: string };
  acessoServicoPublico: {
    tipoResidencia: string;
    tempoResideMunicipio: string;
    possuiComputador: string;
    possuiAcessoInternet: string;
    possuiCapacitacaoProfissional: string;
    possuiCelular: string;
    infraestruturasPublicas: string[];
  };
}

const MAX_MEMBROS = 30;
const MAX_FONTES = 20;

const OPCOES_MEMBRO = opcoesDe(MEMBROS_FAMILIA);
const OPCOES_FAIXA = opcoesDe(FAIXAS_RENDA);
const OPCOES_RESIDENCIA = opcoesDe(TIPOS_RESIDENCIA);
const OPCOES_INFRAESTRUTURA = opcoesDe(INFRAESTRUTURAS_PUBLICAS);

const FONTE_VAZIA: FonteRendaForm = { atividadeProfissional: '', faixaRenda: '', idProfissao: '', dataAdmissao: '', dataEncerramento: '' };
const MEMBRO_VAZIO: MembroForm = { membroFamilia: '', idade: '', participaPesca: '', possuiOutraFonteRenda: '' };

/** Whole years between a birth date and a day, both 'YYYY-MM-DD'; null when the birth date is unknown. */
export function idadeEm(nascimento: string, dia: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(nascimento)) return null;
  const anos = Number(dia.slice(0, 4)) - Number(nascimento.slice(0, 4));
  const idade = dia.slice(5) < nascimento.slice(5) ? anos - 1 : anos;
  return idade >= 0 ? idade : null;
}

/**
 * The first family member defaults to MEMBRO_FAMILIA_PADRAO: member 1 (the fisher), who participates in
 * fishing; the age is the fisher's own when step 1 holds the birth date.
 */
export function membroPadrao(s: Registro | undefined): MembroForm {
  const idade = idadeEm(dataDe(s?.dataNascimento), todayInSaoPaulo()) ?? MEMBRO_FAMILIA_PADRAO.idade;
  return {
    membroFamilia: String(MEMBRO_FAMILIA_PADRAO.membroFamilia),
    idade: String(idade),
    participaPesca: simNaoDe(MEMBRO_FAMILIA_PADRAO.participaPesca),
    possuiOutraFonteRenda: simNaoDe(MEMBRO_FAMILIA_PADRAO.possuiOutraFonteRenda),
  };
}

export function valoresPasso3(s: Registro | undefined): Passo3Form {
  const membros = listaDe(s?.dadosSocioEconomicos).map(objetoDe).map((o) => ({
    membroFamilia: idDe(o.membroFamilia),
    idade: textoDe(o.idade),
    participaPesca: simNaoDe(o.participaPesca),
    possuiOutraFonteRenda: simNaoDe(o.possuiOutraFonteRenda),
  }));
  const fontes = listaDe(s?.fontesRenda).map(objetoDe).map((o) => ({
    atividadeProfissional: textoDe(o.atividadeProfissional),
    faixaRenda: idDe(o.faixaRenda),
    idProfissao: idDe(o.idProfissao),
    dataAdmissao: dataDe(o.dataAdmissao),
    dataEncerramento: dataDe(o.dataEncerramento),
  }));
  const renda = objetoDe(s?.rendaBeneficio);
  const acesso = objetoDe(s?.acessoServicoPublico);
  return {
    dadosSocioEconomicos: membros.length > 0 ? membros : [membroPadrao(s)],
    fontesRenda: fontes.length > 0 ? fontes : [{ ...FONTE_VAZIA }],
    rendaBeneficio: {
      possuiRendaFederal: simNaoDe(renda.possuiRendaFederal),
      possuiSeguroDefeso: simNaoDe(renda.possuiSeguroDefeso),
    },
    acessoServicoPublico: {
      tipoResidencia: idDe(acesso.tipoResidencia),
      tempoResideMunicipio: textoDe(acesso.tempoResideMunicipio),
      possuiComputador: simNaoDe(acesso.possuiComputador),
      possuiAcessoInternet: simNaoDe(acesso.possuiAcessoInternet),
      possuiCapacitacaoProfissional: simNaoDe(acesso.possuiCapacitacaoProfissional),
      possuiCelular: simNaoDe(acesso.possuiCelular),
      infraestruturasPublicas: idsDe(acesso.infraestruturasPublicas),
    },
  };
}

export function entradaPasso3(v: Passo3Form) {
  const a = v.acessoServicoPublico;
  return {
    dadosSocioEconomicos: v.dadosSocioEconomicos.map((m) => ({
      membroFamilia: numero(m.membroFamilia),
      idade: inteiro(m.idade),
      participaPesca: booleano(m.participaPesca),
      possuiOutraFonteRenda: booleano(m.possuiOutraFonteRenda),
    })),
    fontesRenda: v.fontesRenda.map((f) => ({
      atividadeProfissional: texto(f.atividadeProfissional),
      faixaRenda: numero(f.faixaRenda),
      idProfissao: numero(f.idProfissao),
      dataAdmissao: texto(f.dataAdmissao) ?? null,
      dataEncerramento: texto(f.dataEncerramento) ?? null,
    })),
    rendaBeneficio: {
      possuiRendaFederal: booleano(v.rendaBeneficio.possuiRendaFederal),
      possuiSeguroDefeso: booleano(v.rendaBeneficio.possuiSeguroDefeso),
    },
    acessoServicoPublico: {
      tipoResidencia: numero(a.tipoResidencia),
      tempoResideMunicipio: inteiro(a.tempoResideMunicipio),
      possuiComputador: booleano(a.possuiComputador),
      possuiAcessoInternet: booleano(a.possuiAcessoInternet),
      possuiCapacitacaoProfissional: booleano(a.possuiCapacitacaoProfissional),
      possuiCelular: booleano(a.possuiCelular),
      infraestruturasPublicas: ids(a.infraestruturasPublicas),
    },
  };
}

/** Step 3: socio-economic data (spec point 3, "Step 3"). */
export function Passo3Socioeconomico({ solicitacao, tipo, somenteLeitura, onSalvo, onVoltar, onAvancar, celular }: PassoProps) {
  const form = useFormulario<Passo3Form, unknown, Passo3>({
    defaultValues: (celular?.valores(3) as Passo3Form | undefined) ?? valoresPasso3(solicitacao),
    resolver: resolverDoPasso(passo3Schema, entradaPasso3),
  });
  const { control } = form;
  const envio = useEnvioPasso({ form, passo: 3, tipo, id: solicitacao?.id, alvoGeral: ID_TITULO_PASSO, onSalvo, celular });
  const membros = useFieldArray({ control, name: 'dadosSocioEconomicos' });
  const fontes = useFieldArray({ control, name: 'fontesRenda' });
  const profissoes = useProfissoes();
  const opcoesProfissao = (profissoes.data ?? []).map((p) => ({ value: String(p.id), label: p.descricao }));
  const hoje = todayInSaoPaulo();

  return (
    <PassoForm envio={envio} somenteLeitura={somenteLeitura} onVoltar={onVoltar} onAvancar={onAvancar}>
      <section className="form-section repeatable" id="dadosSocioEconomicos" tabIndex={-1} aria-labelledby="titulo-membros">
        <h3 id="titulo-membros" className="form-section-title">
          Composição familiar
        </h3>
        <p className="field-hint">Informe as pessoas que moram com você, começando por você.</p>
        {membros.fields.map((membro, i) => {
          const caminho = `dadosSocioEconomicos.${i}` as const;
          return (
            <ItemRepetido key={membro.id} titulo={`Membro da família ${i + 1}`} onRemover={membros.fields.length > 1 ? () => membros.remove(i) : undefined}>
              <Col md={6}><CampoSelect control={control} name={`${caminho}.membroFamilia`} label="Parentesco" options={OPCOES_MEMBRO} /></Col>
              <Col md={6}><CampoTexto control={control} name={`${caminho}.idade`} label="Idade (anos)" inputMode="numeric" maxLength={3} /></Col>
              <Col md={6}><CampoSimNao control={control} name={`${caminho}.participaPesca`} legend="Participa da pesca?" /></Col>
              <Col md={6}><CampoSimNao control={control} name={`${caminho}.possuiOutraFonteRenda`} legend="Possui outra fonte de renda?" /></Col>
            </ItemRepetido>
          );
        })}
        {membros.fields.length < MAX_MEMBROS && (
          <BotaoRepeticao acao="Adicionar" rotulo="membro da família" onClick={() => membros.append({ ...MEMBRO_VAZIO })} />
        )}
      </section>

      <section className="form-section repeatable" id="fontesRenda" tabIndex={-1} aria-labelledby="titulo-fontes">
        <h3 id="titulo-fontes" className="form-section-title">
          Fontes de renda
        </h3>
        <p className="field-hint">Inclua a pesca e qualquer outra atividade que gere renda.</p>
        {fontes.fields.map((fonte, i) => {
          const caminho = `fontesRenda.${i}` as const;
          return (
            <ItemRepetido key={fonte.id} titulo={`Fonte de renda ${i + 1}`} onRemover={fontes.fields.length > 1 ? () => fontes.remove(i) : undefined}>
              <Col md={6}><CampoTexto control={control} name={`${caminho}.atividadeProfissional`} label="Atividade profissional" /></Col>
              <Col md={6}>
                <CampoSelect
                  control={control}
                  name={`${caminho}.idProfissao`}
                  label="Profissão"
                  options={opcoesProfissao}
                  placeholder={profissoes.isPending ? 'Carregando profissões…' : 'Selecione'}
                />
              </Col>
              <Col md={4}><CampoSelect control={control} name={`${caminho}.faixaRenda`} label="Faixa de renda" options={OPCOES_FAIXA} /></Col>
              <Col md={4}>
                <CampoTexto control={control} name={`${caminho}.dataAdmissao`} label="Data de admissão" type="date" max={hoje} optional />
              </Col>
              <Col md={4}>
                <CampoTexto control={control} name={`${caminho}.dataEncerramento`} label="Data de encerramento" type="date" optional />
              </Col>
            </ItemRepetido>
          );
        })}
        {fontes.fields.length < MAX_FONTES && (
          <BotaoRepeticao acao="Adicionar" rotulo="fonte de renda" onClick={() => fontes.append({ ...FONTE_VAZIA })} />
        )}
      </section>

      <SecaoPasso titulo="Renda e benefícios">
        <Col md={6}>
          <CampoSimNao
            control={control}
            name="rendaBeneficio.possuiRendaFederal"
            legend="Recebe algum benefício ou renda do governo federal?"
            hint="Por exemplo: Bolsa Família, aposentadoria ou pensão"
          />
        </Col>
        <Col md={6}><CampoSimNao control={control} name="rendaBeneficio.possuiSeguroDefeso" legend="Recebe seguro-defeso?" /></Col>
      </SecaoPasso>

      <SecaoPasso titulo="Moradia e acesso a serviços">
        <Col md={6}>
          <CampoSelect control={control} name="acessoServicoPublico.tipoResidencia" label="Tipo de residência" options={OPCOES_RESIDENCIA} />
        </Col>
        <Col md={6}>
          <CampoTexto control={control} name="acessoServicoPublico.tempoResideMunicipio" label="Há quantos anos mora no município?"
            hint="Em anos; informe 0 se há menos de um ano" inputMode="numeric" maxLength={3} />
        </Col>
        <Col md={6}><CampoSimNao control={control} name="acessoServicoPublico.possuiComputador" legend="Possui computador?" /></Col>
        <Col md={6}><CampoSimNao control={control} name="acessoServicoPublico.possuiAcessoInternet" legend="Tem acesso à internet?" /></Col>
        <Col md={6}>
          <CampoSimNao control={control} name="acessoServicoPublico.possuiCapacitacaoProfissional" legend="Possui capacitação profissional?" />
        </Col>
        <Col md={6}><CampoSimNao control={control} name="acessoServicoPublico.possuiCelular" legend="Possui celular?" /></Col>
        <Col>
          <CampoCheckboxes
            control={control}
            name="acessoServicoPublico.infraestruturasPublicas"
            legend="Serviços públicos disponíveis na sua residência"
            hint="Marque todos os que se aplicam"
            options={OPCOES_INFRAESTRUTURA}
          />
        </Col>
      </SecaoPasso>
    </PassoForm>
  );
}

