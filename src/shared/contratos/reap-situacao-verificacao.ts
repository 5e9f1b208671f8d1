import { z } from 'zod';
import { contrato } from '../contrato';
import * as leituras from '../leituras-pescador';
import { idParam } from '../schemas/primitivos';
import { situacaoReapPescadorSchema } from '../schemas/reap-situacao';
import { tokenComprovanteParam, verificacaoReapSchema } from '../schemas/verificacao';

/**
 * Apart from contratos/reap.ts so that /home and the public check do not download the forms' schemas: the bundler
 * splits by file, not by export (docs/decisions/0017).
 */

export const idPescadorParam = z.object({ idPescador: idParam.shape.id });

export const situacao = contrato({
  metodo: 'GET', caminho: leituras.situacaoReap.caminho, permissao: 'pescador.ler', tag: 'reap',
  resumo: 'REAPs devidas e não enviadas, cada uma com o fim do seu prazo, e, quando não há nenhuma, o motivo',
  params: idPescadorParam,
  resposta: situacaoReapPescadorSchema,
});
// The code is signed (HMAC), so no captcha; the limit and the audit trail bound its use (docs/decisions/0044).
export const verificar = contrato({
  metodo: 'GET', caminho: '/api/reap/verificar/{token}', permissao: 'publico', tag: 'reap',
  resumo: 'Verifica a 2ª via de uma REAP pelo código do QR (sem login)',
  descricao: 'Ano, categoria, situação, nome mascarado e data de envio; nada do que foi declarado, nem CPF. '
    + 'Código adulterado: 400 "Código de verificação inválido.".',
  params: tokenComprovanteParam,
  resposta: verificacaoReapSchema,
});
