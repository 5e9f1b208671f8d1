import type { AssinadorArquivos, FileStorage } from '../../adapters/storage/storage';
import type { DocumentoService } from '../documento/documento.service';
import { definirModulo } from '../modulo';
import { arquivoRoutes } from './arquivo.routes';
import { ArquivoService } from './arquivo.service';

/** The download of a stored file by its signed address. */
export const arquivoModulo = definirModulo({
  nome: 'arquivo',
  servicos: ({ config }, { storage, assinador, documento }: { storage: FileStorage; assinador: AssinadorArquivos; documento: DocumentoService }) => ({
    arquivo: new ArquivoService(storage, assinador, documento, config.files.signedUrlTtlSeconds),
  }),
  rotas: async (app, { arquivo }) => { await app.register(arquivoRoutes, { arquivo }); },
});
