CREATE TABLE "analise_totais" (
	"uf" char(2) NOT NULL,
	"tipo_solicitacao" smallint NOT NULL,
	"situacao_analise" smallint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "analise_totais_uf_tipo_solicitacao_situacao_analise_pk" PRIMARY KEY("uf","tipo_solicitacao","situacao_analise")
);
--> statement-breakpoint
ALTER TABLE "analise_solicitacao" ADD COLUMN "tipo_solicitacao" smallint;--> statement-breakpoint
CREATE INDEX "analise_situacao_tipo_idx" ON "analise_solicitacao" USING btree ("situacao_analise","tipo_solicitacao","criado_em");