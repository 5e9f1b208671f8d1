CREATE TABLE "bcpf_pessoa" (
	"id" serial PRIMARY KEY NOT NULL,
	"cpf" char(11) NOT NULL,
	"nome" varchar(200) NOT NULL,
	"matricula" varchar(30),
	"email" varchar(200)
);
--> statement-breakpoint
CREATE INDEX "bcpf_pessoa_cpf_idx" ON "bcpf_pessoa" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "usuario_mapa_sigla_orgao_idx" ON "usuario_mapa" USING btree ("sigla_orgao");
