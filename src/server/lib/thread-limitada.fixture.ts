// A thread for thread-limitada.test.ts: `pedacos` pieces of `tamanho` bytes, a progress event after each, or (with
// `estourar`) an allocation past its heap cap.
import { parentPort, workerData } from 'node:worker_threads';
import { eventoDaThread, produzirNaThread } from './thread-limitada';

const { pedacos, tamanho, estourar } = workerData as { pedacos: number; tamanho: number; estourar?: boolean };
const porta = parentPort!;

async function* fonte(): AsyncGenerator<Buffer> {
  if (estourar) {
    const guardados: string[][] = [];
    for (;;) guardados.push(Array.from({ length: 100_000 }, (_, i) => `linha ${i} ${guardados.length}`));
  }
  for (let i = 0; i < pedacos; i++) {
    yield Buffer.alloc(tamanho, i % 256);
    eventoDaThread(porta, { feitos: i + 1 });
  }
}

await produzirNaThread(porta, fonte(), () => ({ pedacos }));
