import { z } from 'zod';
import { contrato } from '../contrato';
import * as leituras from '../leituras-pescador';
import {
  atualizacaoEnderecoCorpo, enderecoPescadorSchema, imprimirProtocoloQuery, pescadorSchema, registroLegadoSchema,
} from '../schemas/pescador';
import { idParam } from '../schemas/primitivos';
import { cpfSchema } from '../schemas/cpf';
import { condicoesSeguroDefesoSchema } from '../schemas/seguro-defeso';
import { atualizarRgpCorpo, rgpPescadorSchema } from '../schemas/solicitacao-api';

/**
 * The fisher record (spec point 7 "Fisher", the product guide's GET /api/pescador/cpf/{cpf}) and the fisher's
 * registry block (RGP), which the specification lists with the requests (hence its tag).
 */
export const obterPorCpf = contrato({
  metodo: 'GET', caminho: '/api/pescador/cpf/{cpf}', permissao: 'servidor.ler', tag: 'pescador',
  resumo: 'Pescador pelo CPF (servidores; SFPA só da sua UF)',
  params: z.object({ cpf: cpfSchema }),
  resposta: pescadorSchema,
});
export const legado = contrato({
  metodo: 'GET', caminho: '/api/pescador/legado/{id}', permissao: 'pescador.ler', tag: 'pescador',
  resumo: 'Registro do pescador migrado do sistema legado, com os documentos migrados',
  params: idParam,
  resposta: registroLegadoSchema,
});
export const obter = contrato({
  metodo: 'GET', caminho: '/api/pescador/{id}', permissao: 'pescador.ler', tag: 'pescador',
  resumo: 'Cadastro do pescador (o próprio; servidores no seu escopo, auditado)',
  params: idParam,
  resposta: pescadorSchema,
});
export const endereco = contrato({
  metodo: 'GET', caminho: '/api/pescador/{id}/endereco', permissao: 'pescador.ler', tag: 'pescador',
  resumo: 'Endereço do pescador',
  params: idParam,
  resposta: enderecoPescadorSchema,
});
export const atualizarEndereco = contrato({
  metodo: 'PUT', caminho: '/api/pescador/{id}/atualizacao-endereco', permissao: 'pescador.proprio', tag: 'pescador',
  resumo: 'Atualiza o endereço do próprio pescador',
  params: idParam,
  corpo: atualizacaoEnderecoCorpo,
  resposta: enderecoPescadorSchema,
});
export const imprimirProtocolo = contrato({
  metodo: 'GET', caminho: '/api/pescador/{id}/imprimir-protocolo', permissao: 'pescador.ler', tag: 'pescador',
  resumo: 'Comprovante (PDF) do protocolo de uma solicitação enviada',
  descricao: 'idSolicitacao escolhe a solicitação; sem ele, a última enviada pelo pescador.',
  params: idParam,
  query: imprimirProtocoloQuery,
  resposta: { arquivo: ['application/pdf'], descricao: 'PDF (application/pdf)' },
});

// The registry block (src/server/modules/pescador/rgp.routes.ts), tagged as the requests' routes.
export const rgp = contrato({
  metodo: 'GET', caminho: leituras.rgp.caminho, permissao: 'pescador.ler', tag: 'solicitacao',
  resumo: 'Dados do registro (RGP) de um pescador',
  params: idParam,
  resposta: rgpPescadorSchema,
});
// What /home says of the Seguro-Defeso's registry conditions (decision 0126).
export const seguroDefeso = contrato({
  metodo: 'GET', caminho: leituras.seguroDefeso.caminho, permissao: 'pescador.ler', tag: 'solicitacao',
  resumo: 'Se o registro atende às condições do Seguro-Defeso que dependem do RGP, e o que falta',
  descricao: 'Ativo há um ano ou mais, REAP devidas enviadas, categoria artesanal; o resto do benefício é do INSS.',
  params: idParam,
  resposta: condicoesSeguroDefesoSchema,
});
export const corrigirRgp = contrato({
  metodo: 'PUT', caminho: '/api/rgp/pescador/{id}', permissao: 'rgp.corrigir', tag: 'solicitacao',
  resumo: 'Corrige o número, a data ou o órgão do primeiro RGP de um pescador (notifica o pescador)',
  params: idParam,
  corpo: atualizarRgpCorpo,
  resposta: rgpPescadorSchema,
});
