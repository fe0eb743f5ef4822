package game

// usNames maps the US castaways whose names in survivoR differ from the catalog's (a
// nickname, a married name, a spelling) to their contestant id. TestUSNames keeps it
// complete and needed: every US castaway-season meets the catalog, by name or here.
var usNames = map[string]string{
	"US0019": "maralyn-hershey",       // Maralyn Hershey
	"US0044": "teresa-cooper",         // Teresa Cooper
	"US0070": "robb-zbacnik",          // Robert Zbacnik
	"US0099": "lill-morris",           // Lillian Morris
	"US0111": "jon-dalton",            // Jon Dalton
	"US0122": "lea-masters",           // Lea Masters
	"US0123": "chad-crittenden",       // James Crittenden
	"US0136": "kim-mullen",            // Kimberly Mullen
	"US0184": "billy-garcia",          // Virgilio Garcia
	"US0186": "jp-calderon",           // John Calderon
	"US0188": "anh-tuan-bui",          // Anh-Tuan Bui
	"US0194": "nate-gonzalez",         // Nathan Gonzalez
	"US0200": "becky-lee",             // Rebekah Lee
	"US0201": "ozzy-lusth",            // Oscar Lusth
	"US0211": "lisi-linares",          // Lisette Linares
	"US0217": "kenward-bernis",        // Kenward Bernis
	"US0219": "andria-herd",           // Andria Herd
	"US0222": "steve-morris",          // Steve Morris
	"US0230": "michael-zernow",        // Michael Zernow
	"US0239": "mikey-bortone",         // Michael Bortone
	"US0242": "kathy-sleckman",        // Kathleen Sleckman
	"US0252": "g-c-brown",             // Danny Brown
	"US0261": "kenny-hoang",           // Ken Hoang
	"US0263": "jessica-kiper",         // Jessica Kiper
	"US0265": "bob-crowley",           // Robert Crowley
	"US0276": "debbie-beebe",          // Debra Beebe
	"US0277": "benjamin-wade",         // Benjamin Wade
	"US0278": "tamara-johnson-george", // Tamara Johnson-George
	"US0281": "james-thomas",          // James Thomas Jr.
	"US0289": "liz-kim",               // Elizabeth Kim
	"US0296": "shannon-waters",        // Shannon Waters
	"US0305": "jimmy-tarantino",       // James Tarantino
	"US0315": "ben-henry",             // Ben Henry
	"US0319": "matthew-lenahan",       // Matthew Lenahan
	"US0321": "jud-birza",             // Jud Birza
	"US0340": "mark-caruso",           // Mark Caruso
	"US0364": "troy-robertson",        // Troy Robertson
	"US0366": "greg-smith",            // Greg Smith
	"US0373": "roxanne-morris",        // Roxanne Morris
	"US0378": "rc-saint-amour",        // Roberta Saint-Amour
	"US0381": "pete-yurkowski",        // Peter Yurkowski
	"US0387": "allie-pohevitz",        // Alexandra Pohevitz
	"US0395": "eddie-fox",             // Edward Fox
	"US0419": "tasha-fox",             // Latasha Fox
	"US0422": "kass-mcquillen",        // Kassandra McQuillen
	"US0423": "yung-hwang",            // Yung Hwang
	"US0452": "jennifer-brown",        // Jenn Brown
	"US0463": "liz-markham",           // Elisabeth Markham
	"US0474": "joe-del-campo",         // Joseph Del Campo
	"US0483": "ciandre-taylor",        // Ciandre Taylor
	"US0484": "jessica-figueroa",      // Jessica Figueroa
	"US0487": "taylor-stocker",        // Taylor Lee Stocker
	"US0493": "justin-starrett",       // Justin Starrett
	"US0504": "ali-elliott",           // Alexandrea Elliott
	"US0506": "desi-williams",         // Desiree Williams
	"US0508": "jp-hilsabeck",          // John Hilsabeck
	"US0564": "dan-dasilva",           // Dan DaSilva
	"US0603": "jd-robinson",           // Jairus Robinson
	"US0606": "shan-smith",            // Shantel Smith
	"US0626": "zach-wurtenberger",     // Zach Wurthenberger
	"US0630": "elisabeth-scott",       // Elie Scott
	"US0670": "janani-krishnan-jha",   // J. Maya
	"US0679": "nicholas-alsup",        // Sifu Alsup
	"US0685": "jemila-hussain-adams",  // Jem Hussain-Adams
	"US0708": "jerome-cooney",         // Rome Cooney
	"US0711": "solomon-yi",            // Sol Yi
	"US0715": "terran-foster",         // TK Foster
	"US0729": "saiounia-hughley",      // Sai Hughley
	"US0742": "michelle-chukwujekwu",  // MC Chukwujekwu
	"US0749": "sophia-balerdi",        // Sophi Balerdi
}
