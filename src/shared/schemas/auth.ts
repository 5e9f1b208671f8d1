import { z } from 'zod';
import { Perfil } from '../enums';
import { texto } from './primitivos';
import type { RespostaRenovacao } from '../renovacao';

/** 16 random bytes, hex: the link key the client generates (spec point 4, Login). */
export const chaveLink = texto().regex(/^[0-9a-f]{32}$/i, 'Chave de acesso inválida');

export const linkResposta = z.object({ url: z.string() });

export const loginCorpo = z.object({
  code: texto().min(1, 'O código de autorização é obrigatório').max(2048),
  state: chaveLink,
});

export const loginResposta = z.object({
  token: z.string(),
  foto: z.string().nullable(),
});

// The web's transport reads it without zod (src/shared/renovacao.ts, decision 0065).
export const refreshResposta = z.object({ token: z.string() }) satisfies z.ZodType<RespostaRenovacao>;

export const perfilSchema = z.union(Object.values(Perfil).map((p) => z.literal(p)) as [
  z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>, z.ZodLiteral<5>, z.ZodLiteral<6>, z.ZodLiteral<7>,
]);

/**
 * The session token's claims: what the server signs and checks (auth.service.ts) and the web reads from the token
 * (lib/session.ts). One schema, so the two cannot drift.
 */
export const tokenPayload = z.object({
  /** The caller's CPF, 11 digits. */
  sub: z.string().regex(/^\d{11}$/),
  nome: z.string(),
  perfil: perfilSchema,
  /** The session's id (a row of `sessao`): what a sign-out revokes. */
  sid: z.uuid(),
  idPescador: z.number().int().optional(),
  idUsuarioMapa: z.number().int().optional(),
  siglaOrgao: z.string().optional(),
  ufOrgao: z.string().optional(),
  /** A fisher's: the opaque id the phone keeps their items under (HMAC of the CPF, decision 0069). */
  idCelular: z.string().optional(),
  exp: z.number(),
  iat: z.number(),
});
export type TokenPayload = z.infer<typeof tokenPayload>;

