import { abrirAnalise, acharSolicitacao } from './analista';
import { novoCpf, novoNome } from './dados';
import { expect, test } from './fixtures';
import { enviarRegistroInicialPelaApi, toast } from './pescador';
import { CONTAS, entrar, semRolagemHorizontal, semViolacoes } from './support';

// Signals for the analyst (docs/decisions/0112): two fishers send their registrations with the same photo (the
// journeys' photo file is one and the same), through the API the wizard calls (the wizard's screens are
// fisher-registration.spec.ts's subject; decision 0215); the SFPA of their state sees the flag in the queue and, beside the
// second request, the signal "Mesmo arquivo em outro CPF" naming the other request, and confirms it with a note.
// axe on the screen with the signal, before and after the marking.

// A stuck click or fill fails at once with its own message rather than at the end of the journey.
test.use({ actionTimeout: 15_000 });

test('an analyst sees the same photo under two CPFs beside the request and confirms the signal', async ({ page, outraPessoa }) => {
  test.setTimeout(300_000);
  const primeiro = novoCpf();
  const segundo = novoCpf();

  await test.step('two fishers send their registrations with the same photo', async () => {
    await entrar(page, primeiro, novoNome('Pescador Primeira Foto'));
    await enviarRegistroInicialPelaApi(page, primeiro);
    const outro = await outraPessoa();
    await entrar(outro, segundo, novoNome('Pescador Mesma Foto'));
    await enviarRegistroInicialPelaApi(outro, segundo);
  });

  const analista = await outraPessoa();
  await entrar(analista, CONTAS.sfpa.cpf);

  await test.step('the queue flags the second request, and its screen explains the signal', async () => {
    const linha = await acharSolicitacao(analista, segundo);
    await expect(linha).toContainText(/\d+ sina(l|is) a conferir/);
    await abrirAnalise(analista, linha);
    const regiao = analista.getByRole('region', { name: 'Sinais para conferir' });
    await expect(regiao).toBeVisible();
    const sinal = regiao.getByRole('listitem').filter({ has: analista.getByRole('heading', { name: 'Mesmo arquivo em outro CPF' }) });
    await expect(sinal).toContainText(/O arquivo de .+ é idêntico ao de \d+ outros? CPFs?/);
    await expect(sinal).toContainText('Situação: Pendente');
    await semViolacoes(analista);
    await semRolagemHorizontal(analista);
  });

  await test.step('the analyst confirms it with a note, and the marking shows who and when', async () => {
    const regiao = analista.getByRole('region', { name: 'Sinais para conferir' });
    const sinal = regiao.getByRole('listitem').filter({ has: analista.getByRole('heading', { name: 'Mesmo arquivo em outro CPF' }) });
    await sinal.getByLabel('Observação (opcional)').fill('A mesma foto está no pedido de outro CPF.');
    await sinal.getByRole('button', { name: 'Confirmar sinal' }).click();
    await expect(toast(analista, 'Sinal confirmado.')).toBeVisible();
    await expect(sinal).toContainText(`Situação: Confirmado por ${CONTAS.sfpa.nome}`);
    await expect(sinal).toContainText('A mesma foto está no pedido de outro CPF.');
    await expect(sinal.getByRole('button')).toHaveCount(0);
    await semViolacoes(analista);
  });
});
