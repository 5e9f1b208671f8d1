import { z } from 'zod';
import { onlyDigits } from '../cpf';
import { formatarData } from '../datas';
import { Nacionalidade } from '../enums';

/**
 * The CIN as a dated requirement (docs/decisions/0053). It is recognised by what defines it: its number is the
 * holder's CPF (Lei 14.534/2023).
 */

/** So the web never hard-codes the date. */
export const configuracaoPublicaSchema = z.object({
  cinObrigatoriaDesde: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  /** On the server's clock: the web does not trust the phone's. */
  hoje: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type ConfiguracaoPublica = z.infer<typeof configuracaoPublicaSchema>;

export function cinExigida(desde: string | null | undefined, hoje: string): boolean {
  return Boolean(desde) && hoje >= desde!;
}

export function isCin(doc: { numero?: unknown } | null | undefined, cpf: string): boolean {
  const numero = typeof doc?.numero === 'string' ? onlyDigits(doc.numero) : '';
  return numero.length === 11 && numero === onlyDigits(cpf);
}

/** The CIN is issued to Brazilians only: a foreign fisher keeps their own identity document. */
export function cinSeAplica(nacionalidadeBrasileira: string | boolean | null | undefined): boolean {
  return nacionalidadeBrasileira !== Nacionalidade.ESTRANGEIRA && nacionalidadeBrasileira !== false;
}

export const MENSAGENS_CIN = {
  registroInicial: (desde: string) => `A partir de ${formatarData(desde)}, o registro inicial exige a Carteira de Identidade Nacional (CIN). `
    + 'Informe a CIN como documento de identificação no passo 1 (o número da CIN é o seu CPF) e anexe a CIN no passo 4.',
  reap: (desde: string) => `A partir de ${formatarData(desde)}, o envio da REAP exige a Carteira de Identidade Nacional (CIN). `
    + 'Peça a edição do registro informando a CIN como documento de identificação (o número da CIN é o seu CPF) e envie a REAP em seguida.',
  anexo: (desde: string) => `A partir de ${formatarData(desde)}, o documento de identificação do registro inicial deve ser a Carteira de Identidade Nacional (CIN). `
    + 'Anexe a CIN como documento de identificação.',
  rotuloCin: 'Meu documento de identificação é a Carteira de Identidade Nacional (CIN)',
  dicaCin: 'O número da CIN é o seu CPF.',
} as const;
