import { z } from 'zod';
import { contrato } from '../contrato';
import { MimeDocumento } from '../regras/arquivos';
import { arquivoQuery, chaveArquivoSchema, cloudStorageQuery, enderecoArquivoResposta } from '../schemas/documento';
import { texto } from '../schemas/primitivos';

/** Signed file addresses and the files themselves (spec point 7: GET /api/cloud-storage/{chave}?jwt=). */
export const endereco = contrato({
  metodo: 'GET', caminho: '/api/cloud-storage/{chave}', permissao: 'pescador.ler', tag: 'arquivo',
  resumo: 'Endereço assinado e de curta duração do arquivo de um documento',
  descricao: 'O token do usuário pode vir no parâmetro jwt (o navegador abre o arquivo em outra aba, sem cabeçalhos).',
  params: z.object({ chave: chaveArquivoSchema }),
  query: cloudStorageQuery,
  resposta: enderecoArquivoResposta,
});
// No Authorization header: the signature in the address, or the session's token in `jwt`, lets the caller in.
export const arquivo = contrato({
  metodo: 'GET', caminho: '/api/arquivos/{chave}', permissao: 'arquivo.ler', tag: 'arquivo',
  resumo: 'Conteúdo do arquivo de um documento (endereço assinado ou token no parâmetro jwt)',
  params: z.object({ chave: texto().max(100) }),
  query: arquivoQuery,
  resposta: { arquivo: Object.values(MimeDocumento), descricao: 'O arquivo (PDF ou JPEG), exibido no navegador' },
  outrosErros: [401, 403],
});
