import path from 'node:path';
import { LocalFileStorage } from '../../adapters/storage/local-storage';
import { S3FileStorage } from '../../adapters/storage/s3-storage';
import { AssinadorArquivos, chaveAssinaturaArquivos, type FileStorage } from '../../adapters/storage/storage';
import type { Config } from '../../config';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { definirModulo } from '../modulo';
import { apagarArquivoJob, conciliarArquivosJob, expurgarEnviosJob } from './documento.jobs';
import { DocumentoRepository } from './documento.repository';
import { documentoRoutes } from './documento.routes';
import { DocumentoService } from './documento.service';
import { EnvioEmPartesService } from './envio-em-partes.service';

/** The fishers' documents and their files: the storage, the signer of file addresses, uploads in parts. */
export const documentoModulo = definirModulo({
  nome: 'documento',
  servicos({ app, config, db, fila, jwtSecret, agora, substitutos }, { auditoria }: { auditoria: AuditoriaService }) {
    const assinador = new AssinadorArquivos(chaveAssinaturaArquivos(config.files.signingSecret, jwtSecret), agora);
    const storage = substitutos.storage ?? criarArmazenamento(config, assinador);
    if (storage instanceof S3FileStorage) app.addHook('onClose', async () => storage.close());
    // Deletes the files of removed documents through the job queue, after the commit (survives a crash).
    const documento = new DocumentoService(db, new DocumentoRepository(db), storage, auditoria, fila, {
      now: agora,
      onArquivoOrfao: (chave, err) => app.log.warn({ err, chave }, 'stored file left behind (delete failed)'),
    });
    return { assinador, storage, documento, enviosDocumento: new EnvioEmPartesService(db, documento, { now: agora }) };
  },
  rotas: async (app, { documento, enviosDocumento }) => { await app.register(documentoRoutes, { documento, envios: enviosDocumento }); },
  jobs: [apagarArquivoJob, conciliarArquivosJob, expurgarEnviosJob],
});

/** Documents in the S3-compatible bucket when one is configured, else in a folder under DATA_DIR. */
function criarArmazenamento(config: Config, assinador: AssinadorArquivos): FileStorage {
  if (config.files.s3) return new S3FileStorage(config.files.s3);
  return new LocalFileStorage(path.join(config.dataDir, 'arquivos'), assinador);
}
