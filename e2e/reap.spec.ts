import { formatCpf, onlyDigits } from '../src/shared/cpf';
import { arquivos, novoCpf, novoNome } from './dados';
import { expect, test } from './fixtures';
import { marcar, toast } from './pescador';
import { conferirQrDoComprovante } from './comprovantes';
import { a11y, ANO, confirmarDialogo, darRegistroAtivo, declarar, gerarPendentes } from './reap-dados';
import { CONTAS, entrar } from './support';

// Issue 10, "Done when": a fisher generates the pending REAPs, fills an artesanal REAP with two species and twelve
// months, leaves, comes back to the saved draft, sends it and prints the receipt; a second fisher of category '1'
// sends an industrial REAP with its work-relation file; a staff user finds both in the obligations list. axe on
// every REAP screen, at desktop and at 360 px.

const MESES = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];

test.describe('REAP (issue 10)', () => {
  test.use({ actionTimeout: 15_000 });

  test('artesanal and industrial REAPs, from the generation to the staff list', async ({ page, outraPessoa }) => {
    test.setTimeout(300_000);
    const cpfA = novoCpf();
    const nomeA = novoNome('Pescador REAP');
    const cpfB = novoCpf();
    const nomeB = novoNome('Pescador Industrial');

    await test.step('a fisher generates the pending REAPs', async () => {
      await entrar(page, cpfA, nomeA);
      await darRegistroAtivo(cpfA, { categoria: 2, dataPrimeiroRgp: '2024-05-10' });
      await page.reload();
      await gerarPendentes(page, true);
      await declarar(page);
      await expect(page.getByRole('heading', { level: 1, name: `REAP artesanal ${ANO}` })).toBeVisible();
    });

    await test.step('the form points to each missing answer; the days are checked against the month', async () => {
      await page.getByRole('button', { name: 'Enviar a REAP' }).click();
      const resumo = page.locator('.error-summary');
      const link = resumo.getByRole('link', { name: /Informe no campo Se Realizou pesca nesse período!/ });
      await expect(link).toBeVisible();
      await a11y(page);
      await link.click();
      await expect(page.locator('#realizouPesca')).toBeFocused();
      await marcar(page.getByRole('group', { name: `Você realizou pesca em ${ANO}?` }).getByRole('radio', { name: 'Sim' }));
      await page.getByLabel('Relação de trabalho').selectOption({ label: 'Autônomo (por conta própria)' });
      await page.getByLabel('Fevereiro', { exact: true }).fill('30');
      await expect(page.getByText('O mês de fevereiro possui 28 dias.')).toBeVisible();
      for (const mes of MESES) await page.getByLabel(mes, { exact: true }).fill('10');
      await expect(page.getByText('O mês de fevereiro possui 28 dias.')).toBeHidden();
      await expect(page.locator('output')).toHaveText('120');
    });

    await test.step('two species, searched by common and by scientific name, with the weight and money masks', async () => {
      await page.getByLabel('Espécie (nome comum ou científico)').first().fill('Tain');
      await page.getByRole('button', { name: /^Tainha/ }).click();
      await expect(page.getByText('Escolhida:').first()).toContainText('Tainha');
      await page.getByLabel('Quantidade pescada (kg)').first().pressSequentially('12,5');
      await page.getByLabel('Preço médio do quilo').first().pressSequentially('15,00');
      await expect(page.getByLabel('Preço médio do quilo').first()).toHaveValue('R$ 15,00');
      await page.getByRole('button', { name: 'Adicionar outro pescado' }).click();
      await page.getByLabel('Espécie (nome comum ou científico)').nth(1).fill('curema');
      await page.getByRole('button', { name: /^Parati/ }).click();
      await page.locator('#operacoes-1-unidade').selectOption({ label: 'Unidade' });
      await page.locator('#operacoes-1-total').fill('30');
      await page.locator('#operacoes-1-preco').pressSequentially('2,00');
      await marcar(page.getByRole('group', { name: 'Grupos alvo da pesca' }).getByRole('checkbox', { name: 'Peixes', exact: true }));
      await page.locator('#locais-0-ambiente').selectOption({ label: 'Continental (água doce)' });
      await page.locator('#locais-0-petrecho').selectOption({ label: 'Tarrafa' });
      await page.locator('#locais-0-municipio').selectOption({ label: 'Belém' });
      await page.locator('#locais-0-tipo').selectOption({ label: 'Rio' });
      await marcar(page.getByRole('group', { name: 'Você vendeu o que pescou?' }).getByRole('radio', { name: 'Sim' }));
      await page.locator('#ufs-0-uf').selectOption({ label: 'Pará' });
      await marcar(page.getByRole('group', { name: 'Para quem vendeu' }).getByRole('checkbox', { name: 'Feira livre' }));
      await expect(page.getByText(/Rascunho salvo às/)).toBeVisible({ timeout: 15_000 });
      await a11y(page);
    });

    await test.step('leaves, and comes back to the saved draft', async () => {
      await page.getByRole('link', { name: 'Voltar para as minhas REAPs' }).click();
      const item = page.getByRole('listitem').filter({ hasText: `REAP ${ANO}` });
      await expect(item.getByText('Rascunho')).toBeVisible();
      await item.getByRole('link', { name: `Continuar a REAP ${ANO}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: `REAP artesanal ${ANO}` })).toBeVisible();
      await expect(page.getByLabel('Dezembro', { exact: true })).toHaveValue('10');
      await expect(page.getByText('Escolhida:').nth(1)).toContainText('Parati');
      await expect(page.locator('#locais-0-municipio')).toHaveValue('1501402');
    });

    await test.step('sends it once, and prints the receipt', async () => {
      await page.getByRole('button', { name: 'Enviar a REAP' }).click();
      await confirmarDialogo(page, 'Sim, enviar a REAP.');
      await page.waitForURL((u) => u.pathname === '/reap');
      await expect(toast(page, 'Dados da REAP salvos com sucesso. A 2ª via está disponível para impressão')).toBeVisible();
      const item = page.getByRole('listitem').filter({ hasText: `REAP ${ANO}` });
      await expect(item.getByText('Enviada', { exact: true })).toBeVisible();
      await a11y(page);
      const [popup, resposta] = await Promise.all([
        page.waitForEvent('popup'),
        page.waitForResponse((r) => /\/api\/reap\/\d+\/comprovante/.test(r.url()) && r.status() === 200),
        item.getByRole('button', { name: `Imprimir 2ª via da REAP ${ANO}` }).click(),
      ]);
      await popup.waitForURL(/^blob:/);
      await popup.close();
      // The 2ª via's QR code opens its public check (issue 21).
      await conferirQrDoComprovante(page, resposta, '/verificar-reap', String(ANO));
    });

    await test.step('a fisher of category 1 sends an industrial REAP with the work-relation file', async () => {
      const b = await outraPessoa();
      await entrar(b, cpfB, nomeB);
      await darRegistroAtivo(cpfB, { categoria: 1, dataPrimeiroRgp: '2025-02-01' });
      await b.reload();
      await gerarPendentes(b, false);
      await declarar(b);
      await expect(b.getByRole('heading', { level: 1, name: `REAP industrial ${ANO}` })).toBeVisible();
      await b.getByRole('button', { name: 'Enviar a REAP' }).click();
      await expect(b.locator('.error-summary').getByRole('link', { name: /É obrigatório anexar pelo menos 1 documento da relação de trabalho/ })).toBeVisible();
      await a11y(b);
      await marcar(b.getByRole('group', { name: `Você realizou pesca em ${ANO}?` }).getByRole('radio', { name: 'Sim' }));
      await marcar(b.getByRole('radio', { name: 'Carteira de Trabalho (CTPS)' }));
      await b.getByLabel(/Comprovante da relação de trabalho/).setInputFiles(arquivos.identidade());
      await expect(b.getByRole('button', { name: 'Remover identidade.pdf' })).toBeVisible();
      await b.getByRole('button', { name: 'Enviar a REAP' }).click();
      await confirmarDialogo(b, 'Sim, enviar a REAP.');
      await b.waitForURL((u) => u.pathname === '/reap');
      await expect(toast(b, 'Dados da REAP salvos com sucesso. A 2ª via está disponível para impressão')).toBeVisible();
    });

    await test.step('a staff user finds both in the obligations list, and reads them', async () => {
      const g = await outraPessoa();
      await entrar(g, CONTAS.gestor.cpf);
      await g.getByRole('link', { name: 'Obrigações de REAP' }).click();
      await expect(g.getByRole('heading', { level: 1, name: 'Obrigações de REAP' })).toBeVisible();
      await a11y(g);
      for (const [cpf, nome, categoria] of [[cpfA, nomeA, 'Artesanal'], [cpfB, nomeB, 'Industrial']] as const) {
        await g.getByLabel('CPF').fill(onlyDigits(cpf));
        await g.getByLabel('Ano de referência').fill(String(ANO));
        await g.getByRole('button', { name: 'Pesquisar' }).click();
        const linha = g.getByRole('row').filter({ hasText: nome });
        await expect(linha).toContainText(categoria);
        await expect(linha).toContainText('Enviada');
        await a11y(g);
        // Issue 21: at 360 px each obligation is a card, not seven columns a letter wide with a sliver of a link.
        const ver = linha.getByRole('link', { name: `Ver REAP ${ANO} de ${nome}` });
        const caixaLink = (await ver.boundingBox())!;
        const caixaNome = (await linha.getByRole('rowheader').boundingBox())!;
        expect(caixaLink.width).toBeGreaterThanOrEqual(44);
        expect(caixaLink.height).toBeGreaterThanOrEqual(16);
        expect(caixaNome.width).toBeGreaterThanOrEqual(120);
        await ver.click();
        await expect(g.getByRole('heading', { name: 'REAP (somente leitura)' })).toBeVisible();
        await expect(g.getByText('Código de verificação')).toBeVisible();
        // Issue 21: staff read whose REAP it is, and open its documents.
        await expect(g.locator('.reap-dl').getByText(nome)).toBeVisible();
        await expect(g.locator('.reap-dl').getByText(formatCpf(cpf))).toBeVisible();
        if (categoria === 'Industrial') {
          const [arquivo] = await Promise.all([g.waitForEvent('popup'), g.getByRole('button', { name: 'Abrir identidade.pdf' }).click()]);
          await arquivo.waitForURL(/\/api\/arquivos\//);
          await arquivo.close();
        }
        await a11y(g);
        await g.getByRole('link', { name: 'Voltar para a lista de obrigações' }).click();
      }

      // Issue 21: a partial CPF is named at the field, with the error summary.
      await g.getByLabel('CPF').fill('123.456');
      await g.getByRole('button', { name: 'Pesquisar' }).click();
      const resumo = g.locator('.error-summary');
      await expect(resumo.getByRole('link', { name: 'Informe o CPF completo, com 11 dígitos' })).toBeVisible();
      await expect(g.getByLabel('CPF')).toHaveAttribute('aria-invalid', 'true');
      await a11y(g);
    });
  });
});
