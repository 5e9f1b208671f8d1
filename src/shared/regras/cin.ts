import { z } from 'zod';
import { onlyDigits } from '../cpf';
import { formatarData } from '../datas';
import { Nacionalidade } from '../enums';

/**
 * The national identity card (CIN, Carteira de Identidade Nacional) as a dated requirement (issue 22 point 6,
 * decision 0053). From the date set in configuration (CIN_OBRIGATORIA_DESDE, São Paulo dates; unset, never) the
 * first registration (registro inicial, tipo 1) is sent, and a REAP is sent, only when the fisher's identity
 * document is the CIN. Before it, any identity document accepted today still is.
 *
 * The CIN is recognised by what defines it: its number is the holder's CPF (Lei 14.534/2023, Decreto
 * 10.977/2022). The spec's identity document (`docIdentificacao`: numero, ufEmissao, orgaoEmissor, dataEmissao)
 * and its document types (1–16) are kept as they are; the uploaded image stays the identification (tipo 1),
 * which the analyst checks against what was declared.
 */

/** What the server tells the web (GET /api/configuracao-publica), so the web never hard-codes the date. */
export const configuracaoPublicaSchema = z.object({
  /** YYYY-MM-DD from which the CIN is required; null while it is not. */
  cinObrigatoriaDesde: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  /** Today in São Paulo on the server's clock (YYYY-MM-DD): the web does not trust the phone's. */
  hoje: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type ConfiguracaoPublica = z.infer<typeof configuracaoPublicaSchema>;

/** Whether the CIN is required on `hoje` (both YYYY-MM-DD in São Paulo). */
export function cinExigida(desde: string | null | undefined, hoje: string): boolean {
  return Boolean(desde) && hoje >= desde!;
}

/** Whether the declared identity document is the CIN: its number (digits only) is the fisher's CPF. */
export function isCin(doc: { numero?: unknown } | null | undefined, cpf: string): boolean {
  const numero = typeof doc?.numero === 'string' ? onlyDigits(doc.numero) : '';
  return numero.length === 11 && numero === onlyDigits(cpf);
}

/**
 * Whether the requirement reaches this fisher: the CIN is issued to Brazilians only, so a foreign fisher keeps
 * their own identity document (with the work visa the spec already requires).
 */
export function cinSeAplica(nacionalidadeBrasileira: string | boolean | null | undefined): boolean {
  return nacionalidadeBrasileira !== Nacionalidade.ESTRANGEIRA && nacionalidadeBrasileira !== false;
}

/** The messages of the requirement, with the date as dd/mm/aaaa. */
export const MENSAGENS_CIN = {
  registroInicial: (desde: string) => `A partir de ${formatarData(desde)}, o registro inicial exige a Carteira de Identidade Nacional (CIN). `
    + 'Informe a CIN como documento de identificação no passo 1 (o número da CIN é o seu CPF) e anexe a CIN no passo 4.',
  reap: (desde: string) => `A partir de ${formatarData(desde)}, o envio da REAP exige a Carteira de Identidade Nacional (CIN). `
    + 'Peça a edição do registro informando a CIN como documento de identificação (o número da CIN é o seu CPF) e envie a REAP em seguida.',
  /** Step 4, beside the documents: the file of the identification must be the CIN. */
  anexo: (desde: string) => `A partir de ${formatarData(desde)}, o documento de identificação do registro inicial deve ser a Carteira de Identidade Nacional (CIN). `
    + 'Anexe a CIN como documento de identificação.',
  /** Step 1's check box. */
  rotuloCin: 'Meu documento de identificação é a Carteira de Identidade Nacional (CIN)',
  dicaCin: 'O número da CIN é o seu CPF.',
} as const;
