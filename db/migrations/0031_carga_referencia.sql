CREATE TABLE "carga_referencia" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carga_referencia_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo" smallint NOT NULL,
	"arquivo" varchar(255) NOT NULL,
	"sha256" "bytea" NOT NULL,
	"linhas" integer NOT NULL,
	"mantidas" integer NOT NULL,
	"inseridas" integer NOT NULL,
	"atualizadas" integer NOT NULL,
	"removidas" integer NOT NULL,
	"cpf_operador" char(11) NOT NULL,
	"carregado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carga_referencia_tipo_check" CHECK ("carga_referencia"."tipo" BETWEEN 1 AND 2),
	CONSTRAINT "carga_referencia_contagens_check" CHECK ("carga_referencia"."linhas" >= 0 AND "carga_referencia"."mantidas" >= 0 AND "carga_referencia"."inseridas" >= 0 AND "carga_referencia"."atualizadas" >= 0 AND "carga_referencia"."removidas" >= 0),
	CONSTRAINT "carga_referencia_sha256_check" CHECK (octet_length("carga_referencia"."sha256") = 32)
);
--> statement-breakpoint
CREATE INDEX "carga_referencia_tipo_idx" ON "carga_referencia" USING btree ("tipo","carregado_em");