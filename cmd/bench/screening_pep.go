package main

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

// pepScript is one writing system of the synthetic PEP names: given names from a pool (names
// repeat, as in life) and family names built from syllables, so that the vocabulary grows with
// the list as a real one's does.
type pepScript struct {
	share     int      // of 100 entries
	given     []string // given names, the most common first
	syllables []string // family names: two or three of these, then a suffix
	suffixes  []string
	patronym  bool // a second given name in the middle (Russian patronymic, Arabic father's name)
	joined    bool // no space between family and given name (Chinese)
	capital   bool // the family name starts with a capital letter
}

// pepScripts: Latin with diacritics, Cyrillic, Greek, Arabic and Chinese, in the shares a global
// PEP list roughly has.
var pepScripts = []pepScript{
	{share: 40, capital: true,
		given: strings.Fields("José María François Łukasz Søren Zoë Çağlar Jürgen Małgorzata Tomáš Ştefan Håkon Íñigo Ana " +
			"João Anaïs Bogdan Dóra Mehmet Ayşe Kristýna Björn Ewa Paweł Andrés Lúcia Ramón Gérard Élodie Václav Zsófia " +
			"Nguyễn Thảo Miloš Jiří Ruairí Seán Agnieszka Grzegorz Ömer Gülşen Renée Matías Inês Sebastián Ľubomír Dušan"),
		syllables: strings.Fields("ko wal gon zá lez mül ler ber ná dez ro dri guez hou sa nö vak dvo řák sza bó ö zt ür " +
			"ma rin ve ga lo pes fer re ira kow ál sen pe ter ne mec čí há jek"),
		suffixes: []string{"", "", "ski", "ová", "son", "escu", "ić", "oğlu", "ez", "eau", "mann"}},
	{share: 15, patronym: true, capital: true,
		given: strings.Fields("Иван Сергей Ольга Наталья Алексей Дмитрий Елена Юрий Андрей Татьяна Владимир Михаил " +
			"Евгений Анна Николай Светлана Олег Ирина Виктор Людмила Павел Галина Игорь Мария"),
		syllables: strings.Fields("ку зне цо вол ков ба ра но мед ве де пет ро си до ре ше тни ка за ха ли се мё шев"),
		suffixes:  []string{"ов", "ев", "ин", "енко", "ский", "ова", "ук"}},
	{share: 10, capital: true,
		given: strings.Fields("Γιώργος Νίκος Μαρία Ελένη Κωνσταντίνος Δημήτρης Αικατερίνη Ιωάννης Σοφία Παναγιώτης " +
			"Βασίλειος Αναστασία Χρήστος Ευαγγελία Θεόδωρος"),
		syllables: strings.Fields("πα πα δο κω στα νι κο λα ου γε ωρ γι α δη μη τρα κα ρα μαν λι"),
		suffixes:  []string{"όπουλος", "ίδης", "άκης", "ίου", "άτος", "ας"}},
	{share: 15, patronym: true,
		given: strings.Fields("محمد أحمد علي فاطمة حسن حسين عبدالله خالد عمر يوسف إبراهيم مريم زينب سعيد عائشة " +
			"مصطفى طارق نور كريم سلمان"),
		syllables: strings.Fields("ال حا مد رش يد قا سم نا صر ع ثم ان خط يب زه را شا مي بك ري"),
		suffixes:  []string{"", "ي", "ان"}},
	{share: 20, joined: true,
		given: strings.Fields("伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 明 超 秀 霞 平 刚 桂 英 华 建 国 志 文 红 玉 " +
			"海 燕 鹏 宇 晓 春 辉 云 飞 龙 凤 金 林 东 亮 成 波 斌 宁 慧"),
		// the hundred most common family names cover most of China: they repeat as in life
		syllables: strings.Fields("王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 高 林 罗 郑 梁 谢 宋 唐 许 韩 冯 邓 曹 " +
			"彭 曾 肖 田 董 袁 潘 于 蒋 蔡 余 杜 叶 程 苏 魏 吕 丁 任 沈")},
}

var pepCountries = map[int][]string{0: {"FR", "ES", "PL", "DE", "CZ", "TR", "PT", "RO", "VN", "IE"}, 1: {"RU", "UA", "BY", "KZ"},
	2: {"GR", "CY"}, 3: {"SA", "EG", "AE", "JO", "IQ", "SY", "MA"}, 4: {"CN", "TW", "SG"}}

var pepPositions = []string{"Member of Parliament", "Minister", "Ambassador", "Mayor", "Governor", "Judge of the Supreme Court",
	"Central bank board member", "Head of a state-owned enterprise", "General", "Deputy minister"}

// pepName draws one person's name in script s.
func pepName(rng *rand.Rand, s *pepScript) string {
	// Zipf-like: the first given names are much more common than the last
	given := func() string { return s.given[min(len(s.given)-1, int(rng.ExpFloat64()*float64(len(s.given))/4))] }
	if s.joined {
		family := s.syllables[min(len(s.syllables)-1, int(rng.ExpFloat64()*float64(len(s.syllables))/5))]
		name := family + given()
		if rng.IntN(3) > 0 {
			name += given()
		}
		return name
	}
	var family strings.Builder
	for range 2 + rng.IntN(2) {
		family.WriteString(s.syllables[rng.IntN(len(s.syllables))])
	}
	family.WriteString(s.suffixes[rng.IntN(len(s.suffixes))])
	fam := []rune(family.String())
	if s.capital {
		fam[0] = []rune(strings.ToUpper(string(fam[0])))[0]
	}
	parts := []string{given()}
	if s.patronym || rng.IntN(5) == 0 {
		parts = append(parts, given())
	}
	return strings.Join(append(parts, string(fam)), " ")
}

// writeSyntheticPEP writes n persons to path in the product's PEP CSV format, the same file for the
// same n and seed: names in Latin with diacritics, Cyrillic, Greek, Arabic and Chinese, a third with
// an alias, most with a date of birth and a country.
func writeSyntheticPEP(path string, n int, seed uint64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	buf := bufio.NewWriterSize(f, 1<<20)
	w := csv.NewWriter(buf)
	_ = w.Write([]string{"id", "name", "kind", "aliases", "dates_of_birth", "countries", "position"})
	rng := rand.New(rand.NewPCG(seed, 0x7e9))
	for i := range n {
		pick, si := rng.IntN(100), 0
		for pick >= pepScripts[si].share {
			pick -= pepScripts[si].share
			si++
		}
		s := &pepScripts[si]
		alias := ""
		if rng.IntN(3) == 0 {
			alias = pepName(rng, s)
		}
		dob := ""
		if rng.IntN(10) < 7 {
			dob = fmt.Sprintf("%04d-%02d-%02d", 1935+rng.IntN(70), 1+rng.IntN(12), 1+rng.IntN(28))
		}
		cs := pepCountries[si]
		_ = w.Write([]string{"pep-" + strconv.Itoa(i+1), pepName(rng, s), "person", alias, dob, cs[rng.IntN(len(cs))],
			pepPositions[rng.IntN(len(pepPositions))]})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	if err := buf.Flush(); err != nil {
		return err
	}
	return f.Close()
}
