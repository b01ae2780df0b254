extension LanguageRules {
    /// Portuguese, as written in Portugal and in Brazil.
    ///
    /// Ordinals take a superscript letter after their period ("1.º lugar", "2.ª Guerra
    /// Mundial"), never a period before a space, and dates are written "7 de abril de 2020":
    /// a number before a period and a space ends a sentence like any word. Both countries'
    /// company suffixes are listed ("Lda." in Portugal, "Ltda." in Brazil, "S.A." in both).
    static let portuguese = LanguageRules(
        code: "pt",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // From an audit of common abbreviations (issue 21).
                    "ten.-cel", "sarg", "insp", "card", "revmo", "bel", "rel", "des", "dec.-lei", "cfr", "v.g", "urb",
                    "freg", "conc", "dist",
                    // Forms of address and degrees.
                    "sr", "sra", "srs", "sras", "srta", "dr", "dra", "drs", "dras", "prof", "profa", "profs", "eng", "enga",
                    "engª", "engº", "arq", "adv", "exmo", "exma", "exmos", "exmas", "ilmo", "ilma", "v.exa", "exa", "v.sa",
                    "sto", "sta", "d", "pe", "fr", "mons",
                    // Military and political ranks.
                    "gen", "gal", "cel", "ten", "cap", "maj", "sgt", "cmdt", "cmte", "alm", "brig", "dep", "sen", "pres",
                    // Places: avenue, street, square, road, block...
                    "av", "avda", "r", "trav", "lgo", "pç", "pça", "estr", "rod", "apto", "qd", "cj",
                    // Before a word or a number: "p. ex.", "séc. XIX", "aprox."
                    "p.ex", "ex", "aprox", "séc", "sécs", "cf", "vs",
                ],
                beforeNumbers: [
                    // From an audit of common abbreviations (issue 21).
                    "proc", "máx", "bl", "lt", "cx", "ref",
                    "séc", "sec", "n", "nº", "n.º", "núm", "p", "pp", "pág", "págs", "art", "arts", "fig", "vol", "tel", "fl", "fls",
                    "inc", "al", "jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez",
                ],
                closings: [
                    // From an audit of common abbreviations (issue 21).
                    "ob.cit", "op.cit", "id", "esq", "dto",
                    "etc", "lda", "ltda", "s.a", "s/a", "cia", "a.c", "d.c", "hab", "obs",
                ],
                ambiguous: ["ltd", "co", "e.u.a"],
                unitsAfterNumbers: ["m", "km", "kg", "g", "l", "h", "min", "seg", "mil", "mi", "bi", "cm", "mm", "ha", "t"],
                sentenceStarters: [
                    "o", "a", "os", "as", "um", "uma", "uns", "umas", "eu", "tu", "ele", "ela", "eles", "elas", "nós",
                    "você", "vocês", "isso", "isto", "este", "esta", "estes", "estas", "esse", "essa", "aquele", "aquela",
                    "como", "que", "quando", "onde", "porque", "por", "quem", "mas", "e", "então", "depois", "antes", "hoje",
                    "ontem", "amanhã", "em", "no", "na", "nos", "nas", "de", "do", "da", "desde", "segundo", "meu", "minha",
                    "nosso", "nossa", "seu", "sua", "todos", "todas", "se", "aqui", "ali", "lá", "também", "além", "ainda",
                    "já", "agora", "não", "sim", "há", "foi", "era", "mais", "muitos", "muitas", "alguns", "algumas",
                    "nenhum", "porém", "contudo", "entretanto", "assim", "portanto", "para", "com", "sem", "após",
                    "durante", "entre", "segundo", "apesar", "enquanto", "embora", "cada", "outro", "outra", "nem", "logo",
                ],
                monthNames: [
                    "janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
                    "novembro", "dezembro",
                ],
                openingPrepositions: [
                    "em", "no", "na", "nos", "nas", "a", "desde", "até", "após", "antes", "depois", "por", "pelo", "pela",
                    "durante",
                ]
            )),
        speech: SpeechRules(
            abbreviations: [
                "sr.": "senhor", "sra.": "senhora", "srta.": "senhorita", "dr.": "doutor", "dra.": "doutora",
                "prof.": "professor", "profa.": "professora", "eng.": "engenheiro", "arq.": "arquiteto",
                "exmo.": "excelentíssimo", "exma.": "excelentíssima", "v. exa.": "Vossa Excelência", "sto.": "santo",
                "sta.": "santa", "pe.": "padre", "gen.": "general", "cel.": "coronel", "dep.": "deputado",
                "sen.": "senador", "av.": "avenida", "trav.": "travessa", "p. ex.": "por exemplo", "etc.": "et cetera",
                "aprox.": "aproximadamente", "séc.": "século", "pág.": "página", "págs.": "páginas", "n.º": "número",
                "nº": "número", "núm.": "número", "art.": "artigo", "cap.": "capítulo", "vol.": "volume",
                "tel.": "telefone", "lda.": "limitada", "ltda.": "limitada", "cia.": "companhia",
                "a.c.": "antes de Cristo", "d.c.": "depois de Cristo", "fev.": "fevereiro", "abr.": "abril",
                "ago.": "agosto", "dez.": "dezembro",
            ],
            symbols: ["№": "número", "&": "e", "§": "parágrafo", "°": "graus"],
            currencies: ["$": "dólares", "€": "euros", "£": "libras", "₴": "grívnias"],
            dot: "ponto", at: "arroba", linkTo: "link para"
        )
    )
}
