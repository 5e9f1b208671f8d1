import path from 'node:path';
import { LocalFileStorage } from '../../adapters/storage/local-storage';
import { S3FileStorage } from '../../adapters/storage/s3-storage';
import type { AssinadorArquivos, FileStorage } from '../../adapters/storage/storage';
import type { Config } from '../../config';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { definirModulo } from '../modulo';
import { gerarRelatorioJob, limparRelatoriosJob } from './relatorio.jobs';
import { RelatorioRepository } from './relatorio.repository';
import { relatorioRoutes } from './relatorio.routes';
import { RelatorioService } from './relatorio.service';

/** The fisher report: its files in a storage of their own, apart from the documents' (decision 0036). */
export const relatorioModulo = definirModulo({
  nome: 'relatorio',
  servicos({ app, config, db, dbLeitura, fila, agora }, s: { auditoria: AuditoriaService; assinador: AssinadorArquivos }) {
    const storage = criarArmazenamentoRelatorios(config, s.assinador);
    if (storage instanceof S3FileStorage) app.addHook('onClose', async () => storage.close());
    return {
      relatorio: new RelatorioService(db, new RelatorioRepository(db, dbLeitura), s.auditoria, storage, s.assinador, fila, {
        limiteSincrono: config.relatorio.limiteSincrono, ttlEnderecoSegundos: config.files.signedUrlTtlSeconds, now: agora,
        // A job's file in a thread with a capped heap, reading the standby when there is one (decision 0050).
        thread: { url: String(dbLeitura.$client.options.connectionString), heapMb: config.relatorio.heapMb },
      }),
    };
  },
  rotas: async (app, { relatorio }) => { await app.register(relatorioRoutes, { relatorio }); },
  jobs: [gerarRelatorioJob, limparRelatoriosJob],
});

/** Report files (decision 0036): the folder DATA_DIR/relatorios, or the bucket under `<prefix>relatorios/`. */
function criarArmazenamentoRelatorios(config: Config, assinador: AssinadorArquivos): FileStorage {
  if (config.files.s3) return new S3FileStorage({ ...config.files.s3, prefix: `${config.files.s3.prefix}relatorios/` });
  return new LocalFileStorage(path.join(config.dataDir, 'relatorios'), assinador);
}
