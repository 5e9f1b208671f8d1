/** REAP rules (spec points 4 and 5), for both sides. */
import { UnidadeMedida } from '../referencias';

export const MENSAGENS_REAP = {
  realizouPesca: 'Informe no campo Se Realizou pesca nesse período!',
  confira: 'Confira todos os campos do formulário',
  tipoPrestacaoServico: 'Informe o Tipo de Serviço no campo Relação de Trabalho!',
  ufComercializacao: 'É obrigatório informar o Estado de comercialização',
  comprador: 'É obrigatório informar pelo menos 1 comprador da produção',
  areaPesca: 'É obrigatório ter pelo menos 1 área de pesca',
  petrecho: 'É obrigatório informar o petrecho ou método de pesca',
  ambiente: 'É obrigatório informar o ambiente de pesca',
  grupoAlvo: 'É obrigatório informar pelo menos 1 grupo alvo',
  operacao: 'É obrigatório informar pelo menos 1 operação de pesca com todos os campos preenchidos',
  diasTodosMeses: 'É obrigatório informar quantidade de dias trabalhados de todos os meses!',
  totalDias: 'O total de dias trabalhados no ano deve ser a soma dos dias de cada mês',
  justificativa: 'É obrigatório informar pelo menos 1 justificativa',
  jaEnviada: 'REAP já foi enviada',
  foraDoPrazo: 'REAP não está no prazo de preenchimento',
  salva: 'Dados da REAP salvos com sucesso. A 2ª via está disponível para impressão',
  rascunhoSalvo: 'Salvo com sucesso!!!',
  industrialSalva: 'Formulário REAP Industrial atualizado com sucesso!',
  erroIndustrial: 'Ocorreu um erro ao salvar a Reap Industrial, tente novamente mais tarde.',
  documentoRelacaoTrabalho: 'É obrigatório anexar pelo menos 1 documento da relação de trabalho',
  maxJustificativa: 'Só é possível adicionar 3 documentos de justificativa',
  naoEncontrada: 'REAP não encontrada.',
  categoriaErrada: 'Esta REAP não é desta categoria',
  semPendencias: 'Não há REAP pendente para gerar',
  geradas: 'REAP(s) pendente(s) gerada(s) com sucesso',
  naoEnviadaComprovante: 'A 2ª via só está disponível depois do envio da REAP',
  erroConsultar: 'Erro ao consultar REAP(s)',
  erroConsultarReaps: 'Não foi possível consultar reaps',
  erroPendentes: 'Erro ao consultar reaps pendentes!',
  erroRemoverDocumento: 'Erro ao remover documento da reap',
  erroDocumentos: 'Erro ao Carregar Documentos da Reap Artesanal/Industrial',
  declaracao: 'Não é possivel avançar sem ler e concordar com a declaração',
  prazoSalvo: 'Prazo de preenchimento salvo com sucesso',
  prazoInvalido: 'O fim do preenchimento não pode ser anterior ao início',
  semPrazo: 'Não há prazo de preenchimento cadastrado para este ano',
} as const;

// In a module of its own, which the fisher /home reads without the REAP's rules and messages.
import { ANO_REAP_EXCECAO } from './reap-ano-excecao';

export { ANO_REAP_EXCECAO };

/** Spec point 7. */
export const MAX_DOCUMENTOS_JUSTIFICATIVA = 3;

export const TipoPrestacaoServico = { AUTONOMO: 1, ECONOMIA_FAMILIAR: 2, PARCERIA: 3, CTPS: 4, CONTRATO_PARCERIA: 5 } as const;

export const TIPOS_PRESTACAO_ARTESANAL = [
  { id: TipoPrestacaoServico.AUTONOMO, descricao: 'Autônomo (por conta própria)' },
  { id: TipoPrestacaoServico.ECONOMIA_FAMILIAR, descricao: 'Regime de economia familiar' },
  { id: TipoPrestacaoServico.PARCERIA, descricao: 'Parceria com outros pescadores' },
] as const;

export const TIPOS_PRESTACAO_INDUSTRIAL = [
  { id: TipoPrestacaoServico.CTPS, descricao: 'Carteira de Trabalho (CTPS)' },
  { id: TipoPrestacaoServico.CONTRATO_PARCERIA, descricao: 'Contrato de parceria' },
] as const;

export const JUSTIFICATIVAS_NAO_PESCA = [
  { id: 1, descricao: 'Doença ou acidente' },
  { id: 2, descricao: 'Período de defeso em todo o ano' },
  { id: 3, descricao: 'Embarcação ou petrecho danificado' },
  { id: 4, descricao: 'Condições ambientais (seca, cheia, contaminação)' },
  { id: 5, descricao: 'Exerceu outra atividade' },
  { id: 6, descricao: 'Outro motivo' },
] as const;

export const NOMES_MESES = [
  'janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro',
] as const;

export function diasNoMes(ano: number, mes: number): number {
  return new Date(Date.UTC(ano, mes, 0)).getUTCDate();
}

/** 'O mês de {month} possui {n} dias.' */
export function mensagemDiasDoMes(ano: number, mes: number): string {
  return `O mês de ${NOMES_MESES[mes - 1]} possui ${diasNoMes(ano, mes)} dias.`;
}

export function reapNoPrazo(ano: number, hoje: string, inicio: string | null, fim: string | null): boolean {
  if (ano === ANO_REAP_EXCECAO) return true;
  if (!inicio || !fim) return false;
  return hoje >= inicio && hoje <= fim;
}

/** From the first RGP's year (else the activation's) to the last closed year (docs/decisions/0026). */
export function anosDevidos(inicio: string | null, hoje: string): number[] {
  if (!inicio) return [];
  const primeiro = Number(inicio.slice(0, 4));
  const ultimo = Number(hoje.slice(0, 4)) - 1;
  const anos: number[] = [];
  for (let a = primeiro; a <= ultimo; a++) anos.push(a);
  return anos;
}

export function mesesDevidos(ano: number, inicio: string): number[] {
  const primeiroAno = Number(inicio.slice(0, 4));
  const desde = ano === primeiroAno ? Number(inicio.slice(5, 7)) : 1;
  const meses: number[] = [];
  for (let m = desde; m <= 12; m++) meses.push(m);
  return meses;
}

export const CASAS_DECIMAIS_QUANTIDADE = 3;

/** Weight keeps its 3 decimals (the spec's formatting), any other unit the decimals it has. */
export function formatarQuantidade(valor: number, unidade: number | null | undefined): string {
  if (unidade === UnidadeMedida.QUILOGRAMA) return formatarNumeroBr(valor, CASAS_DECIMAIS_QUANTIDADE);
  return valor.toLocaleString('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: CASAS_DECIMAIS_QUANTIDADE });
}

export function formatarNumeroBr(valor: number, casas: number): string {
  return valor.toLocaleString('pt-BR', { minimumFractionDigits: casas, maximumFractionDigits: casas });
}

export function formatarMoeda(valor: number): string {
  return `R$ ${formatarNumeroBr(valor, 2)}`;
}

export function lerNumeroBr(texto: string): number | null {
  const t = texto.replace(/[R$\s.]/g, '').replace(',', '.');
  if (t === '' || !/^\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

export interface ReapArtesanalRegras {
  anoReferencia: number;
  realizouPesca?: boolean | null;
  tipoPrestacaoServico?: number | null;
  houveComercializacao?: boolean | null;
  totalDiasTrabalhadoAno?: number | null;
  reapsArtesanais?: readonly { mesReferencia: number; quantidadeDiasTrabalhados?: number | null }[];
  resultadosOperacaoPesca?: readonly {
    especiePescado?: { id?: number | null } | null;
    tipoUnidadeMedida?: { id?: number | null } | null;
    totalPescado?: number | null;
    precoQuilo?: number | null;
  }[];
  gruposAlvosPescado?: readonly { grupoAlvo?: number | null }[];
  locaisPescaPetrecho?: readonly {
    ambientePesca?: number | null;
    petrechoPesca?: number | null;
    areaPretendidaPesca?: { idMunicipio?: number | null; tipoLocalPesca?: number | null } | null;
  }[];
  ufsComercializacao?: readonly { uf?: string | null; comercializacoesPescado?: readonly { tipoComprador?: number | null }[] }[];
  justificativasSolicitacao?: readonly { justificativaNaoDeclaracao?: number | null }[];
}

export interface ProblemaReap {
  path: (string | number)[];
  message: string;
}

const preenchido = (v: unknown): boolean => v !== null && v !== undefined && v !== '';

/** A draft is kept as it is; these are the rules for sending (spec point 5). */
export function problemasReapArtesanal(r: ReapArtesanalRegras): ProblemaReap[] {
  const p: ProblemaReap[] = [];
  if (r.realizouPesca === null || r.realizouPesca === undefined) {
    p.push({ path: ['realizouPesca'], message: MENSAGENS_REAP.realizouPesca });
    return p;
  }
  if (!r.realizouPesca) {
    const justificativas = (r.justificativasSolicitacao ?? []).filter((j) => preenchido(j.justificativaNaoDeclaracao));
    if (justificativas.length === 0) p.push({ path: ['justificativasSolicitacao'], message: MENSAGENS_REAP.justificativa });
    return p;
  }
  if (!preenchido(r.tipoPrestacaoServico)) p.push({ path: ['tipoPrestacaoServico'], message: MENSAGENS_REAP.tipoPrestacaoServico });
  if (r.houveComercializacao) {
    const ufs = r.ufsComercializacao ?? [];
    if (ufs.length === 0 || ufs.some((u) => !preenchido(u.uf))) p.push({ path: ['ufsComercializacao'], message: MENSAGENS_REAP.ufComercializacao });
    const compradores = ufs.flatMap((u) => (u.comercializacoesPescado ?? []).filter((c) => preenchido(c.tipoComprador)));
    if (compradores.length === 0) p.push({ path: ['ufsComercializacao', 'comercializacoesPescado'], message: MENSAGENS_REAP.comprador });
  }
  const locais = r.locaisPescaPetrecho ?? [];
  const areas = locais.filter((l) => preenchido(l.areaPretendidaPesca?.idMunicipio) && preenchido(l.areaPretendidaPesca?.tipoLocalPesca));
  if (areas.length === 0) p.push({ path: ['locaisPescaPetrecho'], message: MENSAGENS_REAP.areaPesca });
  if (locais.length === 0 || locais.some((l) => !preenchido(l.petrechoPesca))) {
    p.push({ path: ['locaisPescaPetrecho', 'petrechoPesca'], message: MENSAGENS_REAP.petrecho });
  }
  if (locais.length === 0 || locais.some((l) => !preenchido(l.ambientePesca))) {
    p.push({ path: ['locaisPescaPetrecho', 'ambientePesca'], message: MENSAGENS_REAP.ambiente });
  }
  if ((r.gruposAlvosPescado ?? []).filter((g) => preenchido(g.grupoAlvo)).length === 0) {
    p.push({ path: ['gruposAlvosPescado'], message: MENSAGENS_REAP.grupoAlvo });
  }
  const ops = r.resultadosOperacaoPesca ?? [];
  const completa = (o: (typeof ops)[number]) => preenchido(o.especiePescado?.id) && preenchido(o.tipoUnidadeMedida?.id)
    && typeof o.totalPescado === 'number' && o.totalPescado > 0 && typeof o.precoQuilo === 'number' && o.precoQuilo > 0;
  if (ops.length === 0 || !ops.every(completa)) p.push({ path: ['resultadosOperacaoPesca'], message: MENSAGENS_REAP.operacao });

  const meses = r.reapsArtesanais ?? [];
  const porMes = new Map(meses.map((m) => [m.mesReferencia, m.quantidadeDiasTrabalhados]));
  if (r.anoReferencia !== ANO_REAP_EXCECAO) {
    for (let m = 1; m <= 12; m++) {
      if (!preenchido(porMes.get(m))) {
        p.push({ path: ['reapsArtesanais'], message: MENSAGENS_REAP.diasTodosMeses });
        break;
      }
    }
  }
  meses.forEach((m, i) => {
    const d = m.quantidadeDiasTrabalhados;
    if (typeof d === 'number' && d > diasNoMes(r.anoReferencia, m.mesReferencia)) {
      p.push({ path: ['reapsArtesanais', i, 'quantidadeDiasTrabalhados'], message: mensagemDiasDoMes(r.anoReferencia, m.mesReferencia) });
    }
  });
  const soma = somaDias(meses);
  if (preenchido(r.totalDiasTrabalhadoAno) && r.totalDiasTrabalhadoAno !== soma) {
    p.push({ path: ['totalDiasTrabalhadoAno'], message: MENSAGENS_REAP.totalDias });
  }
  return p;
}

export function somaDias(meses: readonly { quantidadeDiasTrabalhados?: number | null }[]): number {
  return meses.reduce((s, m) => s + (m.quantidadeDiasTrabalhados ?? 0), 0);
}

export const MOTIVOS_REAP = {
  gerada: 'REAP pendente gerada',
  geradaPeloSistema: 'REAP pendente gerada pelo sistema na abertura do prazo de preenchimento',
  enviada: 'REAP enviada',
  naoPendente: 'Esta REAP não está pendente de envio.',
} as const;
