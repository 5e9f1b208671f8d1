import { contrato } from '../contrato';
import {
  filtroLotesSchema, loteAceitoSchema, loteAutomaticoCampos, loteManualCorpo, lotesRespostaSchema, resultadoLoteManualSchema,
} from '../schemas/lote';
import { idParam } from '../schemas/primitivos';

/**
 * Batch processing of fishers (spec point 7 "Batch"; GET /api/pescador/lote/todos from "Fisher"): GESTOR and ADMIN
 * only. Shapes: decision 0035.
 */
export const manual = contrato({
  metodo: 'POST', caminho: '/api/lote-pescador/manual', permissao: 'lote.processar', tag: 'lote',
  resumo: 'Processa um lote manual (lista de CPFs) e responde o resultado de cada CPF',
  descricao: 'tipo 1 cancela, 2 suspende até dataLimiteSuspensao (obrigatória), 3 reativa. Até 100.000 CPFs, com ou sem máscara.',
  corpo: loteManualCorpo,
  resposta: resultadoLoteManualSchema,
});
export const automatico = contrato({
  metodo: 'POST', caminho: '/api/lote-pescador/automatico', permissao: 'lote.processar', tag: 'lote',
  resumo: 'Recebe um lote por arquivo (multipart: atoNormativo, tipo, orgaoSolicitante, justificativa, dataLimiteSuspensao, arquivos)',
  descricao: 'Um arquivo TXT ou CSV de até 70 KB, um CPF por linha. Aceito na hora e processado em segundo plano; '
    + 'o usuário recebe o resultado por e-mail.',
  formulario: { campos: loteAutomaticoCampos },
  resposta: loteAceitoSchema,
});
export const listar = contrato({
  metodo: 'GET', caminho: '/api/pescador/lote/todos', permissao: 'lote.processar', tag: 'lote',
  resumo: 'Lotes processados (filtros tipo, situacao, idLote) e, com idLote, os CPFs do lote (filtros resultado, cpf)',
  query: filtroLotesSchema,
  resposta: lotesRespostaSchema,
});
export const resultadoCsv = contrato({
  metodo: 'GET', caminho: '/api/pescador/lote/{id}/resultado', permissao: 'lote.processar', tag: 'lote',
  resumo: 'Resultado de cada CPF do lote, em CSV',
  params: idParam,
  resposta: { arquivo: ['text/csv'], descricao: 'text/csv' },
});
