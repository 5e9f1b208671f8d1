import type { Documento } from '../../shared/schemas/documento';
import type { Questionario } from '../../shared/schemas/reap';
import type { RgpPescador, SolicitacaoDetalheResposta, SolicitacaoResumo } from '../../shared/schemas/solicitacao-api';

/** API answers with every field the shared contract requires, for the tests' fake server. */

export function documento(id: number, tipoDocumento: number, extra: Partial<Documento> = {}): Documento {
  const nome = extra.nomeArquivo ?? `arquivo-${id}.pdf`;
  const chave = extra.chaveArquivo ?? `chave${id}`;
  const url = extra.urlArquivo ?? `/api/arquivos/${chave}`;
  return {
    id,
    nome,
    nomeArquivo: nome,
    url,
    urlArquivo: url,
    chave,
    chaveArquivo: chave,
    tipoDocumento,
    migrado: false,
    aprovado: false,
    ...extra,
  };
}

/** A fisher's registry block: no RGP number yet, unless given. */
export function rgpPescador(extra: Partial<RgpPescador> = {}): RgpPescador {
  return {
    numeroRGP: null,
    numeroPrimeiroRGP: null,
    orgao: null,
    dataPrimeiroRgp: null,
    origem: null,
    situacao: null,
    situacaoDescricao: null,
    dataSuspensoCancelado: null,
    podeAcessarSistema: true,
    ...extra,
  };
}

/** A type-1 draft of fisher 42. */
const SOLICITACAO = {
  id: 1,
  tipo: 1,
  tipoDescricao: 'Registro inicial',
  situacao: 1,
  situacaoDescricao: 'Rascunho',
  passo: 1,
  idPescador: 42,
  dataCriacao: '2025-01-10T12:00:00.000Z',
  dataEnvio: null,
  numeroProtocolo: null,
};

export function solicitacaoDetalhe(extra: Partial<SolicitacaoDetalheResposta> = {}): SolicitacaoDetalheResposta {
  return {
    ...SOLICITACAO,
    declaraCiencia: false,
    idSolicitacaoOrigem: null,
    inativa: false,
    rgp: rgpPescador(),
    ...extra,
  };
}

export function solicitacaoResumo(extra: Partial<SolicitacaoResumo> = {}): SolicitacaoResumo {
  return { ...SOLICITACAO, nomePescador: 'MARIA DAS GRAÇAS PESCADORA', ...extra };
}

/** A REAP questionnaire as the server answers a save: artisanal, 2025, a draft. */
export function questionarioReap(extra: Partial<Questionario> = {}): Questionario {
  return {
    id: 1, idSolicitacao: 10, idPescador: 42, anoReferencia: 2025, categoria: 2, enviada: false, iniciada: true, situacao: 8,
    inicioPreenchimento: '2026-01-01', fimPreenchimento: '2026-12-31', noPrazo: true, enviadaEm: null,
    solicitacao: { id: 10 }, pescador: { nome: 'MARIA DAS GRAÇAS PESCADORA', cpf: '12345678909', uf: 'PA' }, tipoPrestacaoServico: null,
    realizouPesca: null, houveComercializacao: null, totalDiasTrabalhadoAno: null, reapsArtesanais: [], resultadosOperacaoPesca: [],
    gruposAlvosPescado: [], locaisPescaPetrecho: [], ufsComercializacao: [], justificativasSolicitacao: [], documentosJustificativa: [],
    documentoRelacaoTrabalho: [], codigoVerificacao: null,
    ...extra,
  };
}
