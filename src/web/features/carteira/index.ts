export { BotaoImprimirCarteira, ImprimirCarteiraSeAtivo, NOME_ARQUIVO_CARTEIRA } from './botao-imprimir-carteira';
