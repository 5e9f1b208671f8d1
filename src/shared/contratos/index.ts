import type { Contrato } from '../contrato';
import * as contratosAnalise from './analise';
import * as contratosArquivo from './arquivo';
import * as contratosAtoNormativo from './ato-normativo';
import * as contratosAuditoria from './auditoria';
import * as contratosAuth from './auth';
import * as contratosCarteira from './carteira';
import * as contratosConfiguracao from './configuracao';
import * as contratosConsultaPublica from './consulta-publica';
import * as contratosDocumento from './documento';
import * as contratosEntidade from './entidade';
import * as contratosEstatistica from './estatistica';
import * as contratosForcaTarefa from './forca-tarefa';
import * as contratosHorarioAcesso from './horario-acesso';
import * as contratosIntegracao from './integracao';
import * as contratosLgpd from './lgpd';
import * as contratosLote from './lote';
import * as contratosNotificacao from './notificacao';
import * as contratosPescador from './pescador';
import * as contratosReap from './reap';
import * as contratosRecurso from './recurso';
import * as contratosReferencia from './referencia';
import * as contratosRelatorio from './relatorio';
import * as contratosSaude from './saude';
import * as contratosSolicitacao from './solicitacao';
import * as contratosUsuarioMapa from './usuario-mapa';

/**
 * Every contract of the API (decision 0059), by module: what the authorisation matrix and the fuzz test walk. Each
 * contract is an export of its module's file, and callers import the file as a namespace (`import * as c from
 * '…/contratos/reap'`), so that the web's build keeps only the contracts a page calls, and their schemas. The web
 * imports a module's file, never this one. (`reap-situacao-verificacao.ts` holds two REAP contracts that `reap.ts`
 * re-exports.)
 */
const CONTRATOS_POR_MODULO = {
  contratosAnalise,
  contratosArquivo,
  contratosAtoNormativo,
  contratosAuditoria,
  contratosAuth,
  contratosCarteira,
  contratosConfiguracao,
  contratosConsultaPublica,
  contratosDocumento,
  contratosEntidade,
  contratosEstatistica,
  contratosForcaTarefa,
  contratosHorarioAcesso,
  contratosIntegracao,
  contratosLgpd,
  contratosLote,
  contratosNotificacao,
  contratosPescador,
  contratosReap,
  contratosRecurso,
  contratosReferencia,
  contratosRelatorio,
  contratosSaude,
  contratosSolicitacao,
  contratosUsuarioMapa,
} as const;

const ehContrato = (v: unknown): v is Contrato => typeof v === 'object' && v !== null && 'metodo' in v && 'caminho' in v && 'permissao' in v;

export const CONTRATOS: readonly Contrato[] = Object.values(CONTRATOS_POR_MODULO).flatMap((m) => Object.values(m).filter(ehContrato));
