import { describe, expect, it } from 'vitest';
import { problemasDoCorpo } from './formulario';
import { MENSAGENS_WEBHOOK, assinaturaWebhookCriacao } from './integracao';

describe('assinaturaWebhookCriacao', () => {
  const corpo = (url: string) => ({ clienteId: 1, url, tipos: ['registro.suspenso'] });

  it('refuses in the form what the server refuses: plain http to another host, credentials, other schemes', () => {
    for (const url of ['http://example.gov.br/hook', 'ftp://example.gov.br', 'https://user:pw@example.gov.br/hook', 'não é url']) {
      expect(problemasDoCorpo(assinaturaWebhookCriacao, corpo(url)), url).toEqual([{ path: ['url'], message: MENSAGENS_WEBHOOK.urlInvalida }]);
    }
  });

  it('takes https anywhere and http to a loopback host (the service decides whether a development server may)', () => {
    for (const url of ['https://inss.gov.br/rgp/webhook', 'http://127.0.0.1:8080/rgp', 'http://localhost/h']) {
      expect(problemasDoCorpo(assinaturaWebhookCriacao, corpo(url)), url).toEqual([]);
    }
  });
});
