import crypto from 'node:crypto';
import { formatarData } from '../../../shared/datas';
import { tipoDocumentoLabel, type TipoDocumento } from '../../../shared/enums';
import { pode } from '../../../shared/permissoes';
import { podeAgirNaInstancia } from '../../../shared/regras/instancia';
import {
  LIMIARES_SINAL, MENSAGENS_SINAL, situacaoCpfReceitaLabel, situacaoSinalLabel, TipoContatoSinal, tipoContatoSinalLabel, TipoSinal,
  tipoSinalLabel, type IndicadorMensal, type MarcacaoSinalCorpo, type Sinal, type SituacaoCpfReceita, type SituacaoSinal,
  type TipoContatoSinal as TipoContato,
} from '../../../shared/schemas/sinal';
import { MENSAGENS_ANALISE } from '../../../shared/schemas/analise';
import { MENSAGENS_ENTIDADE } from '../../../shared/schemas/entidade';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { exigirLeituraPescador, podeLerPescador } from '../escopo';
import type { AnaliseRepository } from './analise.repository';
import type { DadosDeclarados, PescadorRow } from '../pescador/pescador.service';
import type { ArquivoRepetido, OutroComArquivo, SinaisRepository, SinalLinha } from './sinais.repository';

/** The agent who filed the submission, when one did (docs/decisions/0110). */
export interface EnvioPorEntidade {
  id: number;
  nome: string;
  cpfAgente: string;
}

type Detalhes = Record<string, unknown>;

/** The fisher as locked at submission and what the request declares. */
export interface Envio {
  pescador: PescadorRow;
  dados: DadosDeclarados;
}

/** How long a slowly moving count (a municipality's fishers, an entity's baseline) is kept in memory. */
const CACHE_MS = 10 * 60_000;
/** Entities × agents kept at most; past it the memory starts over (a count costs one statement). */
const MAX_GUARDADOS = 10_000;

/** Lower case, no accents, single spaces: "R. das Flores" and "r das  flores" are compared as typed, not guessed. */
function normalizar(v: string): string {
  return v.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9@.]+/g, ' ').trim();
}

/** The comparable form of each contact; an address without a number ("S/N") is not compared: a street is not a house. */
export function contatosComparaveis(c: Record<'email' | 'telefone' | 'cep' | 'logradouro' | 'numero', string | null | undefined>): { tipo: TipoContato; valor: string }[] {
  const r: { tipo: TipoContato; valor: string }[] = [];
  const telefone = c.telefone?.replace(/\D/g, '') ?? '';
  if (telefone.length >= 8) r.push({ tipo: TipoContatoSinal.TELEFONE, valor: telefone });
  const email = c.email?.trim().toLowerCase() ?? '';
  if (email.includes('@')) r.push({ tipo: TipoContatoSinal.EMAIL, valor: email });
  const cep = c.cep?.replace(/\D/g, '') ?? '';
  const numero = normalizar(c.numero ?? '');
  if (cep.length === 8 && c.logradouro && /\d/.test(numero)) {
    r.push({ tipo: TipoContatoSinal.ENDERECO, valor: `${cep}|${normalizar(c.logradouro)}|${numero}` });
  }
  return r;
}

function plural(n: number, um: string, varios: string): string {
  return `${n} ${n === 1 ? um : varios}`;
}

/** The analyst's sentence for a signal, from what was kept at submission. */
export function explicar(tipo: number, d: Detalhes): string {
  switch (tipo) {
    case TipoSinal.ARQUIVO_REPETIDO:
      return (d.documentos as { tipoDocumento: number; outrosPescadores: number; protocolos: (string | OutroComArquivo)[] }[]).map((x) => {
        const visiveis = x.protocolos.map((o) => (typeof o === 'string' ? o : o.protocolo));
        const protocolos = visiveis.length > 0 ? ` (protocolo ${visiveis.join(', ')})` : '';
        return `O arquivo de ${tipoDocumentoLabel[x.tipoDocumento as TipoDocumento] ?? 'documento'} é idêntico ao de `
          + `${plural(x.outrosPescadores, 'outro CPF', 'outros CPFs')}${protocolos}.`;
      }).join(' ');
    case TipoSinal.CONTATO_REPETIDO:
      return (d.contatos as { tipo: TipoContato; pescadores: number }[]).map((x) =>
        `O mesmo ${tipoContatoSinalLabel[x.tipo]} aparece em ${x.pescadores} pescadores.`).join(' ');
    case TipoSinal.VOLUME_ENTIDADE: {
      const frases: string[] = [];
      const e = d.entidade as { nome: string; recentes: number; mediaDiaria: number } | undefined;
      const a = d.agente as { recentes: number; mediaDiaria: number } | undefined;
      if (e) frases.push(`${e.nome} enviou ${plural(e.recentes, 'solicitação', 'solicitações')} nas últimas 24 horas; a média diária dos 30 dias anteriores é ${e.mediaDiaria}.`);
      if (a) frases.push(`O agente que enviou esta enviou ${plural(a.recentes, 'solicitação', 'solicitações')} nas últimas 24 horas; sua média diária é ${a.mediaDiaria}.`);
      return frases.join(' ');
    }
    case TipoSinal.MUNICIPIO_ACIMA_POPULACAO:
      return `${String(d.municipio)} tem ${Number(d.pescadores)} pescadores registrados para ${Number(d.populacaoAdulta)} adultos `
        + `(${Number(d.percentual)} %), acima de ${LIMIARES_SINAL.parcelaPopulacaoAdulta * 100} % (população do IBGE de ${Number(d.ano)}).`;
    case TipoSinal.CPF_IRREGULAR:
      return `A Receita Federal informa o CPF como "${situacaoCpfReceitaLabel[d.situacao as SituacaoCpfReceita]}" (consulta de ${formatarData(String(d.atualizadoEm))}).`;
    default:
      return '';
  }
}

/**
 * The signal as `ator` may see it: of the other requests behind a repeated file, only the protocols of fishers the
 * caller may read are named (the others are counted), and each fisher so named is a view to audit.
 */
function noEscopoDe(ator: AuthContext, s: SinalLinha, ufs: Map<number, string | null>): { linha: SinalLinha; vistos: OutroComArquivo[] } {
  if (s.tipo !== TipoSinal.ARQUIVO_REPETIDO) return { linha: s, vistos: [] };
  const vistos: OutroComArquivo[] = [];
  const documentos = (s.detalhes.documentos as ArquivoRepetido[]).map((x) => {
    const meus = x.protocolos.filter((o) => podeLerPescador(ator, o.pescadorId, ufs.get(o.pescadorId) ?? o.uf));
    vistos.push(...meus);
    return { ...x, protocolos: meus };
  });
  return { linha: { ...s, detalhes: { ...s.detalhes, documentos } }, vistos };
}

const outrosDe = (s: SinalLinha): number[] => (s.tipo === TipoSinal.ARQUIVO_REPETIDO
  ? (s.detalhes.documentos as ArquivoRepetido[]).flatMap((x) => x.protocolos.map((o) => o.pescadorId)) : []);

async function auditarVistos(auditoria: AuditoriaService, ator: AuthContext, vistos: OutroComArquivo[], solicitacaoId: number, ex?: Executor) {
  for (const o of new Map(vistos.map((v) => [v.pescadorId, v])).values()) {
    await auditoria.registrar({
      acao: 'VISUALIZACAO_DADOS_PESSOAIS', ...doAtor(ator), recurso: 'sinal-solicitacao/arquivo-repetido', recursoId: solicitacaoId,
      pescadorId: o.pescadorId, detalhes: { protocolo: o.protocolo },
    }, ex);
  }
}

function sinalParaResposta(s: SinalLinha): Sinal {
  return {
    id: s.id,
    tipo: s.tipo,
    tipoDescricao: tipoSinalLabel[s.tipo as TipoSinal] ?? 'Sinal',
    explicacao: explicar(s.tipo, s.detalhes),
    situacao: s.situacao,
    situacaoDescricao: situacaoSinalLabel[s.situacao as SituacaoSinal],
    marcadoPor: s.nomeMarcou,
    marcadoEm: s.marcadoEm ? new Date(s.marcadoEm).toISOString() : null,
    observacao: s.observacao,
    criadoEm: new Date(s.criadoEm).toISOString(),
  };
}

const media30 = (anteriores: number) => Math.round((anteriores / 30) * 10) / 10;

/** Filings far above the usual: above the floor and above a multiple of the daily average of the 30 days before. */
function acimaDoUsual(v: { recentes: number; anteriores: number }): boolean {
  return v.recentes > LIMIARES_SINAL.volumeMinimo && v.recentes > LIMIARES_SINAL.multiploVolume * (v.anteriores / 30);
}

/**
 * The signals of decision 0112: computed in the submission's transaction from a few indexed lookups, kept beside
 * the request, shown to staff who read it, marked by an analyst. They never refuse anything.
 */
export class SinaisService {
  readonly #chaveContato: Buffer;
  readonly #municipios = new Map<number, { n: number; ate: number }>();
  readonly #anteriores = new Map<string, { v: { entidade: number; agente: number }; ate: number }>();

  constructor(
    private readonly db: Database,
    private readonly repo: SinaisRepository,
    private readonly analises: AnaliseRepository,
    private readonly auditoria: AuditoriaService,
    segredoServidor: Uint8Array,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.#chaveContato = Buffer.from(crypto.hkdfSync('sha256', segredoServidor, 'rgp', 'rgp:sinal-contato:v1', 32));
  }

  async calcular(solicitacaoId: number, entidade: EnvioPorEntidade | null, envio: Envio, tx: Executor): Promise<void> {
    const { pescador: p, dados } = envio;
    // What the request declares, else the record's (a request outside the wizard declares no address).
    const contato = {
      email: dados.contato?.email ?? p.email, telefone: dados.contato?.telefone ?? p.telefone,
      cep: dados.endereco?.cep ?? p.cep, logradouro: dados.endereco?.logradouro ?? p.logradouro,
      numero: dados.endereco?.numeroLogradouro ?? p.numeroLogradouro,
    };
    const municipioId = dados.endereco?.municipio ?? p.municipioId;
    const contatos = contatosComparaveis(contato).map((c) => ({
      tipo: c.tipo, valor: crypto.createHmac('sha256', this.#chaveContato).update(c.valor).digest(),
    }));
    const r = await this.repo.consultar({ solicitacaoId, pescadorId: p.id, cpf: p.cpf, contatos, municipioId, entidade }, tx);
    const sinais: { tipo: number; detalhes: Detalhes }[] = [];

    if (r.arquivos.length > 0) sinais.push({ tipo: TipoSinal.ARQUIVO_REPETIDO, detalhes: { documentos: r.arquivos } });

    const repetidos = r.contatos
      .filter((c) => c.outrosPescadores + 1 >= LIMIARES_SINAL.pescadoresPorContato)
      .map((c) => ({ tipo: c.tipo, pescadores: c.outrosPescadores + 1 }));
    if (repetidos.length > 0) sinais.push({ tipo: TipoSinal.CONTATO_REPETIDO, detalhes: { contatos: repetidos } });

    if (entidade) {
      const anteriores = await this.anteriores(entidade, tx);
      const v = {
        entidade: { recentes: r.recentesEntidade ?? 0, anteriores: anteriores.entidade },
        agente: { recentes: r.recentesAgente ?? 0, anteriores: anteriores.agente },
      };
      const detalhes: Detalhes = {};
      if (acimaDoUsual(v.entidade)) detalhes.entidade = { nome: entidade.nome, recentes: v.entidade.recentes, mediaDiaria: media30(v.entidade.anteriores) };
      if (acimaDoUsual(v.agente)) detalhes.agente = { recentes: v.agente.recentes, mediaDiaria: media30(v.agente.anteriores) };
      if (Object.keys(detalhes).length > 0) sinais.push({ tipo: TipoSinal.VOLUME_ENTIDADE, detalhes });
    }

    if (municipioId !== null && r.populacaoAdulta !== null) {
      const pescadores = (await this.pescadoresNoMunicipio(municipioId, tx)) + (p.municipioId === municipioId ? 0 : 1);
      if (pescadores > LIMIARES_SINAL.parcelaPopulacaoAdulta * r.populacaoAdulta) {
        sinais.push({
          tipo: TipoSinal.MUNICIPIO_ACIMA_POPULACAO,
          detalhes: {
            municipioId, municipio: r.municipio, pescadores, populacaoAdulta: r.populacaoAdulta, ano: r.anoPopulacao,
            percentual: Math.round((pescadores / r.populacaoAdulta) * 1000) / 10,
          },
        });
      }
    }

    if (r.situacaoCpf !== null) {
      sinais.push({ tipo: TipoSinal.CPF_IRREGULAR, detalhes: { situacao: r.situacaoCpf, atualizadoEm: r.cpfAtualizadoEm } });
    }

    await this.repo.gravar(solicitacaoId, entidade?.id ?? null, sinais, tx);
  }

  async listar(ator: AuthContext, idAnalise: number): Promise<Sinal[]> {
    const a = await this.analises.findById(idAnalise);
    if (!a) throw AppError.notFound(MENSAGENS_ANALISE.naoEncontrada);
    exigirLeituraPescador(ator, a.pescadorId, a.ufPescador);
    const brutas = await this.repo.daSolicitacao(a.solicitacaoId);
    const ufs = await this.repo.ufsAtuais(brutas.flatMap(outrosDe));
    const linhas = brutas.map((l) => noEscopoDe(ator, l, ufs));
    await this.auditoria.visualizacao(ator, 'sinal-solicitacao', a.id, { solicitacao: a.solicitacaoId, sinais: linhas.length }, a.pescadorId);
    await auditarVistos(this.auditoria, ator, linhas.flatMap((l) => l.vistos), a.solicitacaoId);
    return linhas.map((l) => sinalParaResposta(l.linha));
  }

  async marcar(ator: AuthContext, idAnalise: number, idSinal: number, corpo: MarcacaoSinalCorpo): Promise<Sinal> {
    const a = await this.analises.findById(idAnalise);
    if (!a) throw AppError.notFound(MENSAGENS_ANALISE.naoEncontrada);
    if (!pode(ator.perfil, 'analise.analisar') || ator.idUsuarioMapa === null) throw AppError.forbidden(MENSAGENS_ANALISE.perfilNaoAnalisa);
    if (!podeLerPescador(ator, a.pescadorId, a.ufPescador)) throw AppError.forbidden(MENSAGENS_ANALISE.foraDoEscopo);
    // Marked by who may decide the analysis: an SFPA never marks a signal of an analysis at the ministry.
    if (!podeAgirNaInstancia(ator.perfil, a.instancia)) throw AppError.forbidden(MENSAGENS_ANALISE.instanciaMpa);
    return this.db.transaction(async (tx) => {
      const s = await this.repo.marcar(a.solicitacaoId, idSinal, {
        situacao: corpo.situacao, cpf: ator.cpf, nome: ator.nome, observacao: corpo.observacao?.trim() || null,
      }, tx);
      if (!s) throw AppError.notFound(MENSAGENS_SINAL.naoEncontrado);
      // Audited in the same transaction: the marking and its record are kept, or neither.
      await this.auditoria.registrar({
        acao: 'SINAL_MARCADO', ...doAtor(ator), pescadorId: a.pescadorId, recurso: 'sinal-solicitacao', recursoId: s.id,
        detalhes: { solicitacao: a.solicitacaoId, tipo: s.tipo, situacao: s.situacao },
      }, tx);
      const visto = noEscopoDe(ator, s, await this.repo.ufsAtuais(outrosDe(s), tx));
      await auditarVistos(this.auditoria, ator, visto.vistos, a.solicitacaoId, tx);
      return sinalParaResposta(visto.linha);
    });
  }

  async indicadores(entidadeId: number): Promise<IndicadorMensal[]> {
    if (!await this.repo.entidadeExiste(entidadeId)) throw AppError.notFound(MENSAGENS_ENTIDADE.naoEncontrada);
    return this.repo.indicadores(entidadeId);
  }

  /** The 30 days before the last 24 hours, counted at most every ten minutes per entity and agent. */
  private async anteriores(entidade: EnvioPorEntidade, tx: Executor): Promise<{ entidade: number; agente: number }> {
    const agora = this.now().getTime();
    const chave = `${entidade.id}:${entidade.cpfAgente}`;
    const guardado = this.#anteriores.get(chave);
    if (guardado && guardado.ate > agora) return guardado.v;
    const v = await this.repo.volumes(entidade.id, entidade.cpfAgente, 'anteriores', tx);
    if (this.#anteriores.size >= MAX_GUARDADOS) this.#anteriores.clear();
    this.#anteriores.set(chave, { v, ate: agora + CACHE_MS });
    return v;
  }

  /** Counted at most every ten minutes per municipality: the share moves slowly and the count is not free. */
  private async pescadoresNoMunicipio(municipioId: number, tx: Executor): Promise<number> {
    const agora = this.now().getTime();
    const guardado = this.#municipios.get(municipioId);
    if (guardado && guardado.ate > agora) return guardado.n;
    // On the submission's own connection: a second one per submission could empty the pool under a burst.
    const n = await this.repo.pescadoresNoMunicipio(municipioId, tx);
    this.#municipios.set(municipioId, { n, ate: agora + CACHE_MS });
    return n;
  }
}
