import { hojeSaoPaulo } from '../../../shared/datas';
import { categoriaLabel, situacaoRegistroLabel, type SituacaoRegistro, type Categoria } from '../../../shared/enums';
import { descricaoDe, type NomeListaReferencia } from '../../../shared/referencias';
import { anosDevidos } from '../../../shared/regras/reap';
import { ativoHaUmAnoOuMais } from '../../../shared/regras/seguro-defeso';
import {
  cpfValidoOuNulo, MENSAGENS_INTEGRACAO, type ConsultaCpfsCorpo, type EventoIntegracao, type FiltroEventos, type PaginaEventos,
  type SituacaoPescadorIntegracao,
} from '../../../shared/schemas/integracao';
import { erroDeCampo } from '../../lib/validacao';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { ClienteAutenticado } from './cliente.service';
import type { IntegracaoRepository, LinhaConsulta, LinhaEvento } from './integracao.repository';

const CURSOR_INICIAL = '0.0';

function codigoDescricao(lista: NomeListaReferencia, codigo: number): { codigo: number; descricao: string } {
  return { codigo, descricao: descricaoDe(lista, codigo) ?? String(codigo) };
}

function semDados(cpf: string, motivo: 'cpf_invalido' | 'nao_encontrado'): SituacaoPescadorIntegracao {
  return {
    cpf, encontrado: false, motivo, situacao: null, situacaoDesde: null, numeroRgp: null, dataPrimeiroRgp: null, categoria: null,
    formaAtuacao: null, gruposAlvo: [], ambientesPesca: [], areasPesca: [], uf: null, municipio: null, reapAnosEnviados: [],
    reapAnosDevidos: [], ativoHaUmAnoOuMais: false,
  };
}

function areasDe(v: unknown): SituacaoPescadorIntegracao['areasPesca'] {
  if (!Array.isArray(v)) return [];
  return v.filter((a): a is Record<string, unknown> => typeof a === 'object' && a !== null).map((a) => ({
    idMunicipio: typeof a.idMunicipio === 'number' ? a.idMunicipio : null,
    tipoLocalPesca: typeof a.tipoLocalPesca === 'number' ? a.tipoLocalPesca : null,
    nomePopular: typeof a.nomePopularLocalPesca === 'string' ? a.nomePopularLocalPesca : null,
  }));
}

/** A feed event as the feed page and the webhook deliveries carry it: nothing personal beyond the CPF. */
export function eventoDaLinha(l: LinhaEvento): EventoIntegracao {
  return {
    id: l.id, tipo: l.tipo as EventoIntegracao['tipo'], cpf: l.cpf, situacaoAnterior: l.situacao_anterior, situacaoNova: l.situacao_nova,
    dados: l.dados, ocorridoEm: new Date(l.criado_em).toISOString(),
  };
}

/** What a machine client reads: the CPF lookup and the change feed, each read audited per fisher (decision 0120). */
export class IntegracaoService {
  constructor(
    private readonly repo: IntegracaoRepository,
    private readonly auditoria: AuditoriaService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Each CPF answered in its own item, in the order asked: an invalid or unknown one never fails the batch. */
  async consultar(cliente: ClienteAutenticado, corpo: ConsultaCpfsCorpo): Promise<{ itens: SituacaoPescadorIntegracao[] }> {
    const validos = corpo.cpfs.map((c) => cpfValidoOuNulo(c));
    const distintos = [...new Set(validos.filter((c): c is string => c !== null))];
    const linhas = distintos.length > 0 ? await this.repo.consultar(distintos) : [];
    const porCpf = new Map(linhas.map((l) => [l.cpf, l]));
    // Audited before anything is answered: a read that cannot be audited is not served.
    await this.auditoria.visualizacoesDeCliente(cliente, 'integracao-consulta', linhas.map((l) => l.id), { finalidade: corpo.finalidade });
    const hoje = hojeSaoPaulo(this.now());
    return {
      itens: corpo.cpfs.map((pedido, i) => {
        const cpf = validos[i];
        if (!cpf) return semDados(pedido, 'cpf_invalido');
        const l = porCpf.get(cpf);
        return l ? this.situacao(l, hoje) : semDados(cpf, 'nao_encontrado');
      }),
    };
  }

  async eventos(cliente: ClienteAutenticado, f: FiltroEventos): Promise<PaginaEventos> {
    const cursor = f.cursor ?? CURSOR_INICIAL;
    const [xid, id] = cursor.split('.') as [string, string];
    if (BigInt(xid) > 2n ** 63n - 1n || BigInt(id) > 2n ** 63n - 1n) throw erroDeCampo('cursor', MENSAGENS_INTEGRACAO.cursorInvalido);
    const linhas = await this.repo.eventos({ xid, id }, f.limite);
    if (linhas.length > 0) {
      await this.auditoria.visualizacoesDeCliente(cliente, 'integracao-eventos', [...new Set(linhas.map((l) => l.pescador_id))], { cursor });
    }
    const ultima = linhas.at(-1);
    return {
      eventos: linhas.map(eventoDaLinha),
      proximoCursor: ultima ? `${ultima.xid}.${ultima.id}` : cursor,
      fim: linhas.length < f.limite,
    };
  }

  private situacao(l: LinhaConsulta, hoje: string): SituacaoPescadorIntegracao {
    return {
      cpf: l.cpf, encontrado: true, motivo: null,
      situacao: l.situacao === null ? null : { codigo: l.situacao, descricao: situacaoRegistroLabel[l.situacao as SituacaoRegistro] ?? String(l.situacao) },
      situacaoDesde: l.desde,
      numeroRgp: l.numero_rgp,
      dataPrimeiroRgp: l.data_primeiro_rgp,
      categoria: l.categoria === null ? null : { codigo: l.categoria, descricao: categoriaLabel[l.categoria as Categoria] ?? String(l.categoria) },
      formaAtuacao: l.forma_atuacao === null ? null : codigoDescricao('formas-atuacao', l.forma_atuacao),
      gruposAlvo: (l.grupos ?? []).map((g) => codigoDescricao('grupos-alvo', g)),
      ambientesPesca: (l.ambientes ?? []).map((a) => codigoDescricao('ambientes-pesca', a)),
      areasPesca: areasDe(l.areas),
      uf: l.uf,
      municipio: l.municipio_id !== null && l.municipio !== null ? { id: l.municipio_id, nome: l.municipio } : null,
      reapAnosEnviados: l.enviados ?? [],
      // Every year from the registry's first to the last closed one, less those sent: a year never opened is owed too.
      reapAnosDevidos: anosDevidos(l.inicio, hoje).filter((a) => !(l.enviados ?? []).includes(a)),
      ativoHaUmAnoOuMais: ativoHaUmAnoOuMais(l.situacao, l.desde, hoje),
    };
  }
}
