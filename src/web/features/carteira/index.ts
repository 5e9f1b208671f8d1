export { BotaoImprimirCarteira, ImprimirCarteiraSeAtivo } from './botao-imprimir-carteira';
