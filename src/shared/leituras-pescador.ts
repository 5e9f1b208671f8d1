import { anulavel, booleano, dataIso, inteiro, lista, objeto, texto, umDe, type Leitor } from './leitor';
import { MotivoSemReap } from './reap-motivo';
import type { Metodo } from './contrato';
import type { AcessosAosMeusDados } from './schemas/auditoria';
import type { Notificacao } from './schemas/notificacao';
import type { SituacaoReapPescador } from './schemas/reap-situacao';
import type { CondicoesSeguroDefesoPescador } from './schemas/seguro-defeso';
import type { ConsultaEdicaoRegistro, ListaSolicitacoes, RgpPescador } from './schemas/solicitacao-api';
import type { TotalizadoresPescador } from './schemas/totalizadores';

/**
 * The answers the fisher's /home reads as it opens, each with its route and a reader without zod (decision 0130).
 * The contracts take their paths from here; `leituras-pescador.test.ts` holds every reader to the contract's schema.
 */

export interface Leitura<T> {
  metodo: Metodo;
  caminho: string;
  ler: Leitor<T>;
  /** The contract's, so an agent's read carries the fisher's header where the contract's call would. */
  tag: string;
  permissao: string;
}

const leitura = <T>(caminho: string, ler: Leitor<T>, tag = 'solicitacao', permissao = 'pescador.ler'): Leitura<T> =>
  ({ metodo: 'GET', caminho, ler, tag, permissao });

const int = inteiro;
const textoOuNulo = anulavel(texto);

export const totalizadores = leitura<TotalizadoresPescador>('/api/solicitacao/totalizadores/{id}', objeto({
  rascunhos: int, enviadas: int, deferidas: int, finalizadas: int, emAnalise: int, emAtualizacao: int, todas: int,
}));

export const rgp = leitura<RgpPescador>('/api/rgp/pescador/{id}', objeto({
  numeroRGP: textoOuNulo,
  numeroPrimeiroRGP: textoOuNulo,
  orgao: textoOuNulo,
  dataPrimeiroRgp: textoOuNulo,
  origem: textoOuNulo,
  situacao: anulavel(int),
  dataSuspensoCancelado: textoOuNulo,
  podeAcessarSistema: booleano,
  situacaoDescricao: textoOuNulo,
}));

export const consultaEdicaoRegistro = leitura<ConsultaEdicaoRegistro>(
  '/api/solicitacao-pescador-ativo-edicao-registro/consultar/{id}',
  objeto({ podeEditar: booleano, idSolicitacaoOrigem: anulavel(int), motivo: textoOuNulo }),
);

export const situacaoReap = leitura<SituacaoReapPescador>('/api/reap/situacao-pescador/{idPescador}', objeto({
  devidas: lista(objeto({ ano: int, fimPreenchimento: anulavel(dataIso) })),
  motivo: anulavel(umDe([MotivoSemReap.SEM_RGP, MotivoSemReap.REGISTRO_RECENTE, MotivoSemReap.TODAS_ENVIADAS])),
  anoInicioRegistro: anulavel(int),
  anosSuspensao: lista(int),
}), 'reap');

export const solicitacoes = leitura<ListaSolicitacoes>('/api/solicitacao', objeto({
  total: int,
  solicitacoes: lista(objeto({
    id: int,
    tipo: int,
    tipoDescricao: texto,
    situacao: int,
    situacaoDescricao: texto,
    passo: int,
    idPescador: int,
    dataCriacao: texto,
    dataEnvio: textoOuNulo,
    numeroProtocolo: textoOuNulo,
    nomePescador: texto,
  })),
}));

export const notificacoesNaoLidas = leitura<Notificacao[]>('/api/notificacao', lista(objeto({
  id: int, tipo: int, conteudo: texto, urlRedirecionamento: textoOuNulo,
})), 'notificacao', 'pescador.proprio');

export const acessosAosMeusDados = leitura<AcessosAosMeusDados>('/api/lgpd/acessos', objeto({
  acessos: lista(objeto({
    id: texto,
    criadoEm: texto,
    tipo: umDe(['VISUALIZACAO', 'ALTERACAO']),
    descricao: texto,
    orgao: textoOuNulo,
    nomeOrgao: textoOuNulo,
    perfil: texto,
  })),
  proximo: textoOuNulo,
}), 'lgpd', 'pescador.proprio');

export const seguroDefeso = leitura<CondicoesSeguroDefesoPescador>('/api/pescador/{id}/seguro-defeso', objeto({
  situacaoDescricao: textoOuNulo,
  ativoDesde: textoOuNulo,
  ativoHaUmAnoOuMais: booleano,
  umAnoEm: textoOuNulo,
  reapAnosPendentes: lista(int),
  categoriaDescricao: textoOuNulo,
  artesanal: booleano,
  atende: booleano,
}));
