/** The reference year filled outside its window (spec point 5). */
export const ANO_REAP_EXCECAO = 2025;
