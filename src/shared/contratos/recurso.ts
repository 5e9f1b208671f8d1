import { CodigoErro } from '../codigos-erro';
import { contrato } from '../contrato';
import { idParam } from '../schemas/primitivos';
import {
  anexoAtoQuery, atosComRecursosSchema, contestaveisSchema, decisaoEmLoteCorpo, decisaoRecursoCorpo, filtrosRecurso, idRecursoParam, inicioRecursoCorpo, listaRecursosSchema, meusRecursosSchema,
  decisaoEmLoteIniciadaSchema, prorrogacaoCorpo, razoesCorpo, recursoDetalheSchema, recusasDecisaoEmLoteQuery, resultadoDecisaoEmLoteSchema,
} from '../schemas/recurso';

/**
 * Appeals (decisions 0088–0090): the fisher contests what was decided about them, within its window; the instance
 * that decided may reconsider, the higher one decides. The fisher reads their own; staff readers in scope (SFPA its
 * states); who decides is the service's rule (the SFPA of the state, then the ministry).
 */
export const contestaveis = contrato({
  metodo: 'GET', caminho: '/api/recursos/contestaveis', permissao: 'pescador.proprio', tag: 'recurso',
  resumo: 'Decisões que o pescador pode contestar, com o último dia do prazo',
  resposta: contestaveisSchema,
});
export const meus = contrato({
  metodo: 'GET', caminho: '/api/recursos/meus', permissao: 'pescador.proprio', tag: 'recurso',
  resumo: 'Recursos do pescador',
  resposta: meusRecursosSchema,
});
export const iniciar = contrato({
  metodo: 'POST', caminho: '/api/recursos', permissao: 'pescador.proprio', tag: 'recurso',
  resumo: 'Inicia o recurso contra uma decisão (rascunho, ao qual se anexam documentos)',
  corpo: inicioRecursoCorpo,
  resposta: recursoDetalheSchema,
  outrosErros: [404, 406],
  codigos: [CodigoErro.RECURSO_INDISPONIVEL],
});
export const enviar = contrato({
  metodo: 'POST', caminho: '/api/recursos/{id}/enviar', permissao: 'pescador.proprio', tag: 'recurso',
  resumo: 'Envia o recurso com as razões (fora do prazo: registrado e não conhecido)',
  params: idRecursoParam,
  corpo: razoesCorpo,
  resposta: recursoDetalheSchema,
  outrosErros: [404, 406],
  codigos: [CodigoErro.RECURSO_INDISPONIVEL],
});
export const proximaInstancia = contrato({
  metodo: 'POST', caminho: '/api/recursos/{id}/proxima-instancia', permissao: 'pescador.proprio', tag: 'recurso',
  resumo: 'Leva à instância superior um recurso não provido, dentro do prazo',
  params: idRecursoParam,
  corpo: razoesCorpo,
  resposta: recursoDetalheSchema,
  outrosErros: [404, 406],
  codigos: [CodigoErro.RECURSO_INDISPONIVEL],
});
export const fila = contrato({
  metodo: 'GET', caminho: '/api/recursos', permissao: 'servidor.ler', tag: 'recurso',
  resumo: 'Fila de recursos (prazo mais curto primeiro), com filtros por instância, prazo e resultado',
  query: filtrosRecurso,
  resposta: listaRecursosSchema,
});
export const detalhar = contrato({
  metodo: 'GET', caminho: '/api/recursos/{id}', permissao: 'pescador.ler', tag: 'recurso',
  resumo: 'Recurso por id, com as decisões de cada instância',
  params: idRecursoParam,
  resposta: recursoDetalheSchema,
  outrosErros: [404],
});
export const bloquear = contrato({
  metodo: 'POST', caminho: '/api/recursos/{id}/bloquear', permissao: 'recurso.decidir', tag: 'recurso',
  resumo: 'Inicia a análise do recurso (bloqueia para o servidor)',
  params: idRecursoParam,
  resposta: recursoDetalheSchema,
  outrosErros: [404, 406],
  codigos: [CodigoErro.RECURSO_INDISPONIVEL],
});
export const desbloquear = contrato({
  metodo: 'POST', caminho: '/api/recursos/{id}/desbloquear', permissao: 'recurso.decidir', tag: 'recurso',
  resumo: 'Cancela o início da análise do recurso',
  params: idRecursoParam,
  resposta: recursoDetalheSchema,
  outrosErros: [404, 406],
  codigos: [CodigoErro.RECURSO_INDISPONIVEL],
});
export const decidir = contrato({
  metodo: 'POST', caminho: '/api/recursos/{id}/decidir', permissao: 'recurso.decidir', tag: 'recurso',
  resumo: 'Decide o recurso na instância atual (ou não reconsidera e encaminha)',
  params: idRecursoParam,
  corpo: decisaoRecursoCorpo,
  resposta: recursoDetalheSchema,
  outrosErros: [404, 406],
  codigos: [CodigoErro.RECURSO_INDISPONIVEL],
});
export const prorrogar = contrato({
  metodo: 'POST', caminho: '/api/recursos/{id}/prorrogar', permissao: 'recurso.decidir', tag: 'recurso',
  resumo: 'Prorroga uma vez, com justificativa, o prazo de decisão da instância atual',
  params: idRecursoParam,
  corpo: prorrogacaoCorpo,
  resposta: recursoDetalheSchema,
  outrosErros: [404, 406],
  codigos: [CodigoErro.RECURSO_INDISPONIVEL],
});
export const decidirEmLote = contrato({
  metodo: 'POST', caminho: '/api/recursos/decisao-em-lote', permissao: 'recurso.decidirEmLote', tag: 'recurso',
  resumo: 'Inicia a decisão conjunta de muitos recursos do mesmo ato (por ids ou pelo filtro da fila), com o mesmo resultado e justificativa',
  descricao: 'Um job decide os recursos em blocos, cada um pelas regras da decisão individual e auditado um a um. Com `filtro`, '
    + '`totalConfirmado` é a contagem que o gestor confirmou: se o filtro agora encontra outro número, nada é decidido (406).',
  corpo: decisaoEmLoteCorpo,
  resposta: decisaoEmLoteIniciadaSchema,
  codigos: [CodigoErro.RECURSO_INDISPONIVEL],
});
export const lerDecisaoEmLote = contrato({
  metodo: 'GET', caminho: '/api/recursos/decisao-em-lote/{id}', permissao: 'recurso.decidirEmLote', tag: 'recurso',
  resumo: 'Andamento de uma decisão em lote e os recursos não decididos, com o motivo de cada um (páginas por `apos`)',
  params: idParam,
  query: recusasDecisaoEmLoteQuery,
  resposta: resultadoDecisaoEmLoteSchema,
  outrosErros: [404],
});
export const atos = contrato({
  metodo: 'GET', caminho: '/api/recursos/atos', permissao: 'servidor.ler', tag: 'recurso',
  resumo: 'Atos normativos com recursos aguardando decisão no escopo do servidor, com a contagem de cada um',
  resposta: atosComRecursosSchema,
});
export const anexo = contrato({
  metodo: 'GET', caminho: '/api/recursos/anexo/{id}', permissao: 'lote.processar', tag: 'recurso',
  resumo: 'Anexo do ato: os pescadores que o lote atingiu, por UF (nome, CPF mascarado, RGP), em CSV ou PDF',
  params: idParam,
  query: anexoAtoQuery,
  resposta: { arquivo: ['text/csv', 'application/pdf'], descricao: 'O anexo em CSV (todas as UFs ou uma) ou PDF (uma UF)' },
  outrosErros: [404],
  codigos: [CodigoErro.RECURSO_INDISPONIVEL],
});
