// The file of a large fisher report, written in a worker thread with a capped heap (decision 0050). It reads on
// its own connection and hands the bytes to the main thread, which stores them.
import { parentPort, workerData } from 'node:worker_threads';
import type { FormatoRelatorio } from '../../../shared/schemas/relatorio';
import { connect } from '../../db/client';
import { eventoDaThread, produzirNaThread } from '../../lib/thread-limitada';
import { colunasDoRelatorio, csv, xlsx } from './relatorio.arquivo';
import { RelatorioRepository, type ConsultaRelatorio, type LinhaPescador } from './relatorio.repository';

/** What RelatorioService.gerar sends the thread. */
export interface EntradaThreadRelatorio {
  url: string;
  consulta: ConsultaRelatorio;
  ufsEscopo: string[] | null;
  externo: boolean;
  formato: FormatoRelatorio;
}

/** What the thread answers at the end: the rows written. */
export interface ResultadoThreadRelatorio {
  linhas: number;
}

const porta = parentPort;
if (porta) {
  const e = workerData as EntradaThreadRelatorio;
  const handle = connect(e.url, 1, { somenteLeitura: true });
  const repo = new RelatorioRepository(handle.db);
  let escritas = 0;
  const lotes = (async function* (): AsyncGenerator<LinhaPescador[]> {
    for await (const lote of repo.percorrer(e.consulta, e.ufsEscopo)) {
      escritas += lote.length;
      yield lote;
    }
  })();
  const colunas = colunasDoRelatorio(e.externo);
  const progresso = async (linhas: number) => eventoDaThread(porta, { linhas });
  const fonte = e.formato === 'xlsx' ? xlsx(lotes, colunas, progresso) : csv(lotes, colunas, progresso);
  try {
    await produzirNaThread(porta, fonte, (): ResultadoThreadRelatorio => ({ linhas: escritas }));
  } finally {
    await handle.close();
  }
}
