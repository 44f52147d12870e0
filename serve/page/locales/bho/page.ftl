# Daba chess: the page's words in Bhojpuri (भोजपुरी), in Devanagari, as the
# site's users asked for it. The source is en/page.ftl; this file has
# exactly its message ids and variables. Chess notation (SAN) stays as it
# is. Latin digits throughout, as on clocks. The chess words are the
# Hindustani ones a Bhojpuri player knows: शह, शह-मात, जिच (stalemate),
# किलाबंदी (castling), and वजीर, हाथी, ऊँट, घोड़ा, प्यादा for the pieces.

## The page and its header

page-title = दाबा शतरंज
title-your-move = राउर चाल · दाबा शतरंज
skip-link = पन्ना पर जाईं
site-name = दाबा शतरंज
nav-play = खेलीं
nav-games = हमार खेल
games-badge =
    .title = जवना खेल में राउर चाल बा
nav-help = मोहरा कइसे चलेला
language-label = भाषा
settings = सेटिंग
settings-board = बिसात
settings-pieces = मोहरा
settings-sound = चाल के आवाज
theme-wood = लकड़ी
theme-blue = नीला
theme-green = हरियर
theme-contrast = गाढ़ कंट्रास्ट
set-daba = दाबा
set-shapes = आकार
nav-signin = साइन इन
nav-signup = खाता खोलीं
nav-signout = साइन आउट

## Words used in many places

colour-white = सफेद
colour-black = करिया
colour-random = कवनो
your-colour = राउर रंग
mode-rated = रेटेड
mode-casual = आम
col-player = खेलाड़ी
col-rating = रेटिंग
col-time = समय
col-mode = किसिम
col-colour = रंग
col-action = काम
col-opponent = बिरोधी
col-moves = चाल
col-result = नतीजा
col-changed = आखिरी बदलाव
time-control = समय के नियम
minutes-per-side = हर ओर के मिनट
increment-seconds = हर चाल पर बढ़त सेकंड
cancel = रद्द करीं
accept = मान लीं
username = यूजर नाम
password = पासवर्ड

## The lobby

lobby-challenges = खुलल चुनौती
lobby-empty = अबहीं केहू बिरोधी के इंतजार में नइखे। एगो खेल बनाईं, दोसर लोग इहाँ देखी।
lobby-no-fifty = { $mode }, 50-चाल वाला नियम ना
lobby-nobody-online = अबहीं कवनो साइन इन कइल खेलाड़ी नइखे।
lobby-counts = { $games ->
        [one] { $games } खेल
       *[other] { $games } खेल
    } चल रहल बा, लॉबी में { $guests ->
        [one] { $guests } मेहमान
       *[other] { $guests } मेहमान
    }।
lobby-playing = { $games ->
        [one] { $games } खेल
       *[other] { $games } खेल
    } चल रहल बा।
lobby-closed = एह सर्वर पर लॉबी अबहीं ले नइखे खुलल।
lobby-unreachable = लॉबी ले पहुँचल ना हो पावल: { $error }
lobby-accept-failed = मान ना पावल गइल: { $error }
lobby-cancel-failed = रद्द ना हो पावल: { $error }
online-title = ऑनलाइन
seek-title = खेल बनाईं
seek-guest = इहाँ लोगन से खेले खातिर साइन इन करीं भा खाता खोलीं:
seek-guest-signin = साइन इन
seek-guest-signup = खाता खोलीं
seek-fifty = पचास चाल वाला नियम (दुनो ओर से 50-50 चाल ले ना कवनो मोहरा मराइल ना प्यादा बढ़ल, त बराबरी के दावा हो सकेला)
seek-create = चुनौती बनाईं
seek-waiting = राउर चुनौती ({ $control }, { $rated ->
        [rated] रेटेड
       *[casual] आम
    }) सूची में बिरोधी के इंतजार करत बिया।
seek-signin-first = पहिले साइन इन करीं।
setup-title = कंप्यूटर भा दोस्त से खेलीं
setup-who = केकरा से खेलब?
setup-computer = दाबा, कंप्यूटर
setup-local = एही स्क्रीन पर दोस्त (बारी-बारी से)
setup-friend = दोसरा ब्राउजर में दोस्त (लिंक भेजीं)
setup-level = स्तर
setup-level-hint = पहिला स्तर बेतरतीब चाल चलेला: नया लोग खातिर बढ़िया शुरुआत।
setup-white = सफेद (रउआ शुरू करब)
setup-fifty = पचास चाल वाला नियम
setup-fen = कवनो हालत से शुरू करीं (FEN)
setup-start = खेल शुरू करीं
level-option-random = स्तर { $level }: बेतरतीब चाल
level-option-full = स्तर { $level }: पूरा ताकत, लगभग { $elo } Elo
level-option = स्तर { $level }: लगभग { $elo } Elo
my-games-all = हमार सगरी खेल
my-games-none = कवनो खेल नइखे चलत।

## Time controls and clocks

speed = { $speed ->
        [bullet] बुलेट
        [blitz] ब्लिट्ज
        [rapid] रैपिड
       *[classical] क्लासिकल
    }
speed-lower = { $speed ->
        [bullet] बुलेट
        [blitz] ब्लिट्ज
        [rapid] रैपिड
        [classical] क्लासिकल
        [correspondence] चिट्ठी वाला
       *[unlimited] बेहिसाब
    }
control-preset = { $control } { $speed ->
        [bullet] बुलेट
        [blitz] ब्लिट्ज
        [rapid] रैपिड
       *[classical] क्लासिकल
    }
control-unlimited = बेहिसाब
control-no-clock = घड़ी बिना
control-custom-group = अपना मन से
control-custom = अपना मन से: मिनट + सेकंड…
control-correspondence = चिट्ठी वाला खेल
control-days = { $days ->
        [one] { $days } दिन
       *[other] { $days } दिन
    }
control-days-per-move = { $days ->
        [one] हर चाल खातिर { $days } दिन
       *[other] हर चाल खातिर { $days } दिन
    }
custom-minutes = { $minutes } मिनट
custom-seconds = { $seconds } सेकंड
clock-days = { $days ->
        [one] { $days } दिन { $hours } घंटा
       *[other] { $days } दिन { $hours } घंटा
    }
clock-hours = { $hours } घंटा { $minutes } मिनट

## Signing in and up

signin-no-account = खाता नइखे?
signin-free = : ई मुफ्त बा।
signup-username-hint = 3 से 20 अक्षर: अंगरेजी अक्षर, अंक, _ भा -, शुरू में अक्षर। दोसर लोग एकरा के देखी।
signup-password-hint = कम से कम 8 अक्षर।
signup-have-account = पहिले से खाता बा?
signin-wrong = यूजर नाम भा पासवर्ड गलत बा।
signup-taken = ई नाम केहू ले चुकल बा: दोसर चुनीं।

## My games and profiles

games-none = अबहीं ले कवनो खेल ना:
games-none-link = लॉबी से एगो खेलीं
games-not-listed = ई सर्वर अबहीं खेल के सूची ना देला।
games-load-failed = राउर खेल ना ले आवल जा सकल: { $error }
game-versus = { $name } से
game-your-move = राउर चाल
game-their-move = उनकर चाल
result-your-move = राउर चाल
result-their-move = उनकर चाल
result-draw = बराबरी
result-won = जीत { $result }
result-lost = हार { $result }
profile-provisional = (कच्चा: अउरी रेटेड खेल के बाद रेटिंग थिर होई)
profile-rated-games = रेटेड खेल
profile-wins = जीत
profile-draws = बराबरी
profile-losses = हार
profile-since = { $date } से सदस्य।
profile-pgn = सगरी खेल डाउनलोड करीं (PGN)
profile-games-title = खेल
profile-no-player = { $name } नाम के कवनो खेलाड़ी नइखे।
profile-no-games = अबहीं ले कवनो खेल ना।
profile-no-history = एह सर्वर पर खेल के इतिहास अबहीं नइखे मिलत।
account-settings = खाता के सेटिंग
password-title = आपन पासवर्ड बदलीं
password-current = अबहीं के पासवर्ड
password-new = नया पासवर्ड (कम से कम 8 अक्षर)
password-submit = पासवर्ड बदलीं
password-changed = राउर पासवर्ड बदल गइल; राउर बाकी सत्र से साइन आउट हो गइल।
close-title = आपन खाता बंद करीं
close-hint = राउर खाता, सत्र आ खुलल चुनौती हट जाई, आ राउर नाम दोसरा खातिर खाली हो जाई; खतम भइल खेल में उहे नाम रही जवना से खेलल गइल। पहिले आपन खेल खतम करीं, हार मानीं भा रद्द करीं।
close-submit = हमार खाता बंद करीं
close-confirm = खाता हमेशा खातिर बंद करब? ई लवटावल ना जा सकी।
close-keep = हमार खाता रहे दीं

## The game

board =
    .aria-label = शतरंज के बिसात
board-keys = तीर वाला बटन से खाना सभ के बीच चलीं; Enter भा Space मोहरा उठावेला आ खाना पर रखेला; Escape नीचे रख देला।
promote-to = एह में तरक्की:
gone = सर्वर पर अइसन कवनो खेल नइखे: लिंक गलत हो सकेला, भा खेल मिटा दिहल गइल।
gone-lobby = लॉबी में लवटीं
new-game = नया खेल
undo = चाल वापस
flip = बिसात पलटीं
abort = खेल रद्द करीं
takeback-ask = चाल वापसी के प्रस्ताव
takeback-cancel = चाल वापसी के निहोरा रद्द करीं
takeback-accept = चाल वापसी मान लीं
takeback-decline = चाल वापसी ना मानीं
offer-draw = बराबरी के प्रस्ताव
draw-offered = बराबरी के प्रस्ताव भेजाइल
accept-draw = बराबरी मान लीं
decline-draw = बराबरी ना मानीं
claim-draw = बराबरी के दावा करीं
notice-takeback-asked = { $color ->
        [white] सफेद
       *[black] करिया
    } आपन चाल वापस लेवे के निहोरा करत बा।
notice-takeback-agreed = { $color ->
        [white] सफेद
       *[black] करिया
    } एगो चाल वापसी पर राजी भइल।
notice-takeback-declined = { $color ->
        [white] सफेद
       *[black] करिया
    } चाल वापसी ना मानल।
notice-draw-offered = { $color ->
        [white] सफेद
       *[black] करिया
    } बराबरी के प्रस्ताव दिहल।
notice-draw-declined = { $color ->
        [white] सफेद
       *[black] करिया
    } बराबरी के प्रस्ताव ना मानल।
notice-computer-declines-draw = दाबा बराबरी के प्रस्ताव ना मानल।
notice-computer-could-not-move = दाबा चाल ना चल पावल: सर्वर बहुत व्यस्त बा। बाद में फेर कोसिस करीं।
notice-rematch-offered = { $color ->
        [white] सफेद
       *[black] करिया
    } फेर से खेले के प्रस्ताव दिहल।
notice-rematch-declined = { $color ->
        [white] सफेद
       *[black] करिया
    } फेर से खेले के प्रस्ताव ना मानल।
notice-rematch-accepted = { $color ->
        [white] सफेद
       *[black] करिया
    } फेर से खेले के मान लिहल: नया खेल, रंग बदल के।
claim-threefold = बराबरी के दावा करीं (तीन बेर दोहराव)
claim-fifty = बराबरी के दावा करीं (पचास चाल वाला नियम)
draw-confirm-local = का दुनो खेलाड़ी बराबरी पर राजी बानी?
resign = हार मानीं
resign-local = हार मानीं ({ $color ->
        [white] सफेद
       *[black] करिया
    })
rematch-offer = फेर से खेलीं
rematch-cancel = फेर से खेले के प्रस्ताव रद्द करीं
rematch-accept = फेर से खेलल मान लीं
rematch-decline = फेर से खेलल ना मानीं
rematch-link = नया खेल पर जाईं
pgn = PGN डाउनलोड
resign-question = एह खेल में हार मानब? राउर बिरोधी जीत जइहें।
resign-confirm = हँ, हार मानत बानी
resign-keep = खेलत रहीं
san-label = चाल लिखीं
san-play = चलीं
moves-title = चाल
step-first =
    .aria-label = पहिला हालत
    .title = पहिला हालत (Home)
step-back =
    .aria-label = पिछला चाल
    .title = पिछला चाल (←)
step-forward =
    .aria-label = अगिला चाल
    .title = अगिला चाल (→)
step-last =
    .aria-label = आखिरी हालत
    .title = आखिरी हालत (End)
step-where = { $total } में से चाल { $ply }
invite = ई लिंक अपना दोस्त के भेजीं:
copy-link = कॉपी
chat-title = बतकही
chat-text =
    .placeholder = कुछ नीक बात कहीं
    .aria-label = बिरोधी खातिर संदेश
chat-send = भेजीं
chat-you = रउआ
watchers-title = दर्शक लोग के बतकही
watchers-text =
    .placeholder = दोसर दर्शक लोग से बतियाईं
    .aria-label = दर्शक लोग खातिर संदेश
watchers-signin = करके इहाँ लिखीं।
chars-left = { $left ->
        [one] { $left } अक्षर बाकी।
       *[other] { $left } अक्षर बाकी।
    }
chars-left-cut = { $left ->
        [one] { $left } अक्षर बाकी
       *[other] { $left } अक्षर बाकी
    }: चिपकावल लिखाई अँटे खातिर काटल गइल, जादा से जादा { $max } अक्षर।
waiting-friend = राउर दोस्त अबहीं लिंक नइखन खोलले: दुनो खेलाड़ी के आवे पर खेल शुरू होई।
premove-dropped = राउर पहिले से चुनल चाल अब नियम से ना रहे: ऊ ना चलल गइल।
no-such-game = अइसन कवनो खेल नइखे।
poll-retry = { $why }। { $seconds } सेकंड में फेर कोसिस होई।
poll-unreachable = सर्वर ले पहुँचल नइखे हो पावत

## Players and what the page says about the game

level-random = स्तर 0 (बेतरतीब चाल)
level-full = पूरा ताकत
level-n = स्तर { $level }
daba = दाबा
player-daba = दाबा, { $level }
player-you = रउआ
player-guest = मेहमान
player-you-guest = रउआ (मेहमान)
player-waiting = खेलाड़ी के इंतजार
your-friend = राउर दोस्त
presence-online = ऑनलाइन
presence-away = दूर
presence-online-title = खेल खोलले बाड़न
presence-away-title = अबहीं इहाँ नइखन
status-thinking = { $color ->
        [white] सफेद
       *[black] करिया
    } के चाल: दाबा सोचत बा…
status-waiting = { $color ->
        [white] सफेद
       *[black] करिया
    } के चाल। राउर दोस्त के लिंक खोले के इंतजार।
status-to-move = { $color ->
        [white] सफेद
       *[black] करिया
    } के चाल।
status-your-move = राउर चाल ({ $color ->
        [white] सफेद
       *[black] करिया
    })।
status-their-turn = { $color ->
        [white] सफेद
       *[black] करिया
    } के चाल: { $name } के बारी।
status-friends-turn = { $color ->
        [white] सफेद
       *[black] करिया
    } के चाल: राउर दोस्त के बारी।
status-check = शह!
status-gone = ई खेल अब सर्वर पर नइखे।
info-watching = रउआ ई खेल देखत बानी।
info-computer = रउआ { $level } पर दाबा से { $color ->
        [white] सफेद
       *[black] करिया
    } से खेलत बानी।
info-local = एके स्क्रीन पर दू खेलाड़ी: बारी-बारी से खेलीं।
info-game = { $rated ->
        [rated] रेटेड खेल
       *[casual] आम खेल
    }{ $control ->
        [none] {""}
       *[other] , { $control }
    }: रउआ { $color ->
        [white] सफेद
       *[black] करिया
    } से खेलत बानी।
info-game-against = { $rated ->
        [rated] रेटेड खेल
       *[casual] आम खेल
    }{ $control ->
        [none] {""}
       *[other] , { $control }
    }: रउआ { $name } से { $color ->
        [white] सफेद
       *[black] करिया
    } से खेलत बानी।
info-friend = दोस्त से खेल{ $control ->
        [none] {""}
       *[other] , { $control }
    }: रउआ { $color ->
        [white] सफेद
       *[black] करिया
    } से खेलत बानी।
info-no-fifty = पचास चाल वाला नियम ना।

## How games end ($winner and $loser are "white" or "black")

end-checkmate = शह-मात: { $winner ->
        [white] सफेद
       *[black] करिया
    } जीतल।
end-resignation = { $loser ->
        [white] सफेद
       *[black] करिया
    } हार मान लिहलस: { $winner ->
        [white] सफेद
       *[black] करिया
    } जीतल।
end-stalemate = जिच से बराबरी: जेकर चाल बा ओकरा लगे कवनो सही चाल नइखे आ ऊ शह में भी नइखे।
end-insufficient-material = मोहरा कम होखे से बराबरी: कवनो ओर शह-मात ना दे सकेला।
end-fivefold-repetition = पाँच बेर दोहराव से बराबरी: उहे हालत पाँचवाँ बेर।
end-seventy-five-moves = पचहत्तर चाल वाला नियम से बराबरी: दुनो ओर से 75-75 चाल ले ना कवनो मोहरा मराइल ना प्यादा बढ़ल।
end-threefold-repetition = तीन बेर दोहराव से बराबरी: उहे हालत तीसरा बेर, दावा कइल गइल।
end-fifty-moves = पचास चाल वाला नियम से बराबरी: दुनो ओर से 50-50 चाल ले ना कवनो मोहरा मराइल ना प्यादा बढ़ल, दावा कइल गइल।
end-agreement = रजामंदी से बराबरी।
end-timeout = { $loser ->
        [white] सफेद
       *[black] करिया
    } के समय खतम: { $winner ->
        [white] सफेद
       *[black] करिया
    } जीतल।
end-timeout-insufficient-material = बराबरी: एगो खेलाड़ी के समय खतम भइल, बाकिर दोसरा से शह-मात ना हो सकत रहे।
end-aborted = दुनो खेलाड़ी के चाल चले से पहिले खेल रद्द हो गइल।

## Pieces and the board, in words (screen readers, titles)

piece-king = राजा
piece-queen = वजीर
piece-rook = हाथी
piece-bishop = ऊँट
piece-knight = घोड़ा
piece-pawn = प्यादा
piece-coloured = { $color ->
        [white] सफेद
       *[black] करिया
    } { $piece }
square-empty = खाली
square-selected = उठावल
square-target = उठावल मोहरा इहाँ जा सकेला
square-premove = पहिले से चुनल चाल
square-check = शह में
square-last-move = आखिरी चाल
board-rank = पाँत { $rank }
san-castle-short = राजा ओर किलाबंदी
san-castle-long = वजीर ओर किलाबंदी
san-move = { $piece } { $to }
san-capture = { $piece } { $to } पर मारेला
san-promotion = { $move }, { $piece } में तरक्की
san-check = { $move }, शह
san-mate = { $move }, शह-मात
said-move = { $who }: { $move }
taken-back = { $count ->
        [one] एगो चाल वापस लिहल गइल।
       *[other] { $count } चाल वापस लिहल गइल।
    }

## Review

review-title = समीक्षा
review-ask = दाबा से खेल के समीक्षा करे के कहीं
review-accuracy = सटीकता
review-errors = गलती
review-graph =
    .aria-label = हर चाल के बाद के आँकलन: बीच के लकीर से ऊपर सफेद के बढ़त। कवनो चाल पर जाए खातिर क्लिक करीं।
review-none = ना कवनो चूक, ना गलती, ना भारी भूल।
review-running = दाबा खेल के समीक्षा करत बा: { $total } में से { $done } हालत…
review-waiting = { $ahead ->
        [one] दाबा के इंतजार (पहिले { $ahead } समीक्षा)…
       *[other] दाबा के इंतजार (पहिले { $ahead } समीक्षा)…
    }
review-asking = दाबा से पूछल जा रहल बा…
review-counts = { $inaccuracies } चूक, { $mistakes } गलती, { $blunders } भारी भूल
mark-inaccuracy = चूक
mark-mistake = गलती
mark-blunder = भारी भूल
review-mate = मात
review-better = एकरा से बढ़िया: { $line }

## Errors

error-status = सर्वर { $status } जवाब दिहलस
error-retry = { $error } ({ $wait } बाद फेर कोसिस करीं)
error-username-taken = ई नाम पहिले से केहू ले लेले बा।
error-wrong-credentials = नाम भा पासवर्ड गलत बा।
error-wrong-password = ई राउर पासवर्ड ना ह।
error-games-going = राउर खेल चलत बा: पहिले ओकनी के खतम करीं, हार मानीं भा रद्द करीं।
error-too-many-attempts = बहुत बेर कोसिस भइल
error-busy = सर्वर पासवर्ड जाँचे में लागल बा; तनी देर में फेर कोसिस करीं।
error-unavailable = सर्वर अपना डेटाबेस ले ना पहुँच पावत बा; तनी देर में फेर कोसिस करीं।
error-chat-too-fast = धीरे: एके बेर में बहुत संदेस हो गइल
error-too-many-games = एगो खेलाड़ी के जेतना खेल चल सकेला, राउर ओतने चलत बा; पहिले एगो खतम करीं।
error-too-many-seeks = एगो खेलाड़ी के जेतना खुलल चुनौती हो सकेला, राउर ओतने बा; पहिले एगो रद्द करीं।
wait-seconds = { $seconds ->
        [one] { $seconds } सेकंड
       *[other] { $seconds } सेकंड
    }
wait-minutes = { $minutes ->
        [one] { $minutes } मिनट
       *[other] { $minutes } मिनट
    }
ago-now = अबहीं-अबहीं
ago-years = { $n ->
        [one] { $n } बरिस पहिले
       *[other] { $n } बरिस पहिले
    }
ago-months = { $n ->
        [one] { $n } महीना पहिले
       *[other] { $n } महीना पहिले
    }
ago-weeks = { $n ->
        [one] { $n } हफ्ता पहिले
       *[other] { $n } हफ्ता पहिले
    }
ago-days = { $n ->
        [one] { $n } दिन पहिले
       *[other] { $n } दिन पहिले
    }
ago-hours = { $n ->
        [one] { $n } घंटा पहिले
       *[other] { $n } घंटा पहिले
    }
ago-minutes = { $n ->
        [one] { $n } मिनट पहिले
       *[other] { $n } मिनट पहिले
    }

## The help: how the pieces move

help-close = मदद बंद करीं
help-intro = छोटकी बिसात पर कवनो मोहरा पर क्लिक करीं आ देखीं कि ऊ कवना-कवना खाना में जा सकेला, फेर चाल चले खातिर एगो खाना पर क्लिक करीं; "फेर से" बिसात के पहिले जइसन कर देला। देखावल नियम खुद दाबा से आवेला, एह से बिसात हमेशा सही रहेला।
help-beside = खेल के बिसात पर कवनो मोहरा उठाईं: ओकर पाठ इहाँ आई।
help-all = सगरी पाठ देखाईं
help-following = रउआ जवन मोहरा उठवले बानी ओकर पाठ: { $piece }।
help-idle = { $color ->
        [white] सफेद
       *[black] करिया
    } के चाल। कवनो मोहरा पर क्लिक करीं।
help-played = { $color ->
        [white] सफेद
       *[black] करिया
    } { $san } चलल।
help-empty = खाली खाना।
help-waits = अबहीं { $mover ->
        [white] सफेद
       *[black] करिया
    } के बारी बा: { $side ->
        [white] सफेद
       *[black] करिया
    } के मोहरा तब ले रुकी जब ले { $mover ->
        [white] सफेद
       *[black] करिया
    } चाल ना चल ली।
help-no-move = एह { $piece } के इहाँ कवनो सही चाल नइखे।
help-can-go = { $count ->
        [one] { $piece } { $count } खाना में जा सकेला।
       *[other] { $piece } { $count } खाना में जा सकेला।
    }
help-promotes = आखिरी पाँत पर पहुँच के ई वजीर, हाथी, ऊँट भा घोड़ा बन जाला: चार गो विकल्प।
help-reset = फेर से
help-reset-label = बिसात फेर से सजाईं: { $title }
help-board-label = पाठ के बिसात: { $title }
lesson-king = राजा
lesson-king-text = राजा कवनो दिशा में एक खाना चलेला। जवना खाना पर दुश्मन के मोहरा के हमला होखे, ओह पर ऊ कबो ना जा सकेला। ओकरा के बचा के रखीं: पूरा खेल राजा लोग के बारे में बा।
lesson-queen = वजीर
lesson-queen-text = वजीर सीधा लकीर में जेतना दूर चाहे जा सकेला: पाँत, कतार भा तिरछा। रास्ता में पहिला मोहरा पर रुक जाला, आ ऊ दुश्मन के होखे त ओकरा के मार सकेला।
lesson-rook = हाथी
lesson-rook-text = हाथी पाँत भा कतार में जेतना दूर चाहे चलेला, तिरछा कबो ना।
lesson-bishop = ऊँट
lesson-bishop-text = ऊँट तिरछा जेतना दूर चाहे चलेला, एह से पूरा खेल एके रंग के खाना पर रहेला।
lesson-knight = घोड़ा
lesson-knight-text = घोड़ा L नियर कूदेला: एक ओर दू खाना आ बगल में एक खाना। दोसरा मोहरा के ऊपर से कूदे वाला अकेले इहे बा, एह से आसपास के भीड़ ओकरा के ना रोके।
lesson-pawn = प्यादा
lesson-pawn-text = प्यादा सीधा आगे एक खाना चलेला, भा शुरू वाला खाना से दू खाना, बाकिर खाली खाना पर ही। ऊ दोसरा तरीका से मारेला: आगे तिरछा एक खाना।
lesson-castling = किलाबंदी
lesson-castling-text = खेल में एक बेर राजा किलाबंदी कर सकेला: ऊ हाथी ओर दू खाना चलेला, आ ऊ हाथी कूद के ओह खाना पर आ जाला जवना के राजा पार कइलस। तबे जब दुनो में से केहू अबहीं ले ना चलल होखे, बीच के खाना खाली होखे, आ राजा शह में ना होखे, हमला वाला खाना पार ना करे आ शह में ना उतरे। राजा पर क्लिक करीं, फेर हाथी ओर दू कदम वाला खाना पर (भा खुद हाथी पर), आ हाथी के कूदत देखीं।
lesson-en-passant = आँ पासाँ
lesson-en-passant-text = जब कवनो प्यादा दू खाना चल के दुश्मन के प्यादा के बगल में पहुँचेला, त ऊ दुश्मन प्यादा ओकरा के अइसे मार सकेला जइसे ऊ एके खाना चलल होखे: ऊ ओकरा पाछे तिरछा चल जाला। ठीक अगिला चाल में ही। इहाँ करिया के प्यादा अबहीं d7 से d5 गइल: e5 पर सफेद प्यादा पर क्लिक करीं, फेर d6 पर, आ करिया प्यादा के जात देखीं।
lesson-promotion = तरक्की
lesson-promotion-text = जवन प्यादा आखिरी पाँत ले पहुँच जाला, ऊ खेलाड़ी के मरजी से वजीर, हाथी, ऊँट भा घोड़ा बन जाला (अक्सर वजीर)। प्यादा के e8 ले ले जाईं आ चुनीं।
lesson-check = शह
lesson-check-text = जवना राजा पर हमला बा ऊ शह में बा। ओकर खेलाड़ी के तुरते शह हटावे के पड़ी: राजा के हटा के, बीच में कवनो मोहरा रख के, भा हमला करे वाला के मार के। इहाँ हाथी सफेद राजा के शह देत बा, आ खाली पहिला पाँत से हटे वाला राजा के चाल काम आई।
lesson-checkmate = शह-मात
lesson-checkmate-text = शह जवना से निकले के कवनो रास्ता ना होखे: शह-मात, आ खेल खतम। जे मात देला ऊ जीतेला। इहाँ करिया के आपन प्यादा राजा के घेर लेले बाड़े।
lesson-draws = बराबरी
draws-when = खेल बराबरी पर छूटेला जब:
draws-stalemate = जिच
draws-stalemate-text = जेकर चाल बा ओकरा लगे कवनो सही चाल नइखे बाकिर ऊ शह में नइखे (इहाँ के बिसात: करिया के चाल)।
draws-material = कम मोहरा
draws-material-text = केहू कबो मात ना दे सकेला, जइसे राजा के सामने राजा, भा राजा आ एगो घोड़ा भा ऊँट के सामने राजा।
draws-repetition = दोहराव
draws-repetition-text = उहे हालत तीसरा बेर लवटेला, आ जेकर चाल बा ऊ बराबरी के दावा करेला; पाँचवाँ बेर अपने आप बराबरी हो जाला।
draws-fifty = पचास चाल
draws-fifty-text = दुनो ओर से पचास-पचास चाल ले ना कवनो मोहरा मराइल ना प्यादा बढ़ल, आ कवनो खेलाड़ी दावा करेला; पचहत्तर के बाद अपने आप बराबरी हो जाला।
draws-agreement = रजामंदी
draws-agreement-text = एगो खेलाड़ी बराबरी के प्रस्ताव देला आ दोसर मान लेला।

## Tables for four (four-handed team chess): the lobby's panel and a
## table's page. $seat (and $by) is a seat's letter: S (South, red),
## W (West, blue), N (North, yellow), E (East, green); $team is SN or WE.

fh-lobby-title = चार जने के शतरंज
fh-lobby-intro = 160 खाना वाला धन-चिन्ह (+) जइसन बिसात पर चार खेलाड़ी के टीम वाला शतरंज: दक्खिन आ उत्तर बनाम पच्छिम आ पूरब, हर खेलाड़ी के आपन सेना; जवन टीम दुनो बिरोधी के शह-मात करेले, ऊ जीतेले। शह-मात भइल सेना तब ले जमल रहेले जब ले ओकर साथी ओकरा के छोड़ा ना देव।
fh-lobby-caption = खाली सीट वाला चार जने के टेबुल
fh-lobby-table = टेबुल
fh-lobby-empty = अबहीं कवनो चार जने के टेबुल खेलाड़ी के इंतजार में नइखे।
fh-lobby-signin-before = इहाँ सूची में लिखल टेबुल पर बइठे खातिर
fh-lobby-signin-link = साइन इन करीं
fh-lobby-signin-after = ; सीट के लिंक से केहू आ सकेला।
fh-lobby-legend = टेबुल खोलीं: के कहाँ बइठी?
fh-lobby-listed = जब ले कवनो सीट खाली बा, टेबुल के इहाँ सूची में रखीं, ताकि साइन इन कइल खेलाड़ी बइठ सकस
fh-lobby-create = टेबुल खोलीं
fh-option-person = कवनो आदमी (भेजे वाला लिंक, भा लॉबी से केहू)
fh-one-you = ठीक एगो सीट खातिर "रउआ" चुनीं।
fh-look = टेबुल देखीं
fh-list-guest = मेहमान
fh-list-computer = दाबा स्तर { $level }
fh-seat = { $seat ->
        [S] दक्खिन
        [W] पच्छिम
        [N] उत्तर
       *[E] पूरब
    }
fh-seat-colour = { $seat ->
        [S] दक्खिन (लाल)
        [W] पच्छिम (नीला)
        [N] उत्तर (पियर)
       *[E] पूरब (हरियर)
    }
fh-team = { $team ->
        [SN] दक्खिन आ उत्तर
       *[WE] पच्छिम आ पूरब
    } एक साथे खेलेलें।
fh-computer = { $level ->
        [0] दाबा, स्तर 0 (बेतरतीब चाल)
       *[other] दाबा, स्तर { $level }
    }
fh-you-named = रउआ ({ $name })
fh-open = खाली सीट
fh-sit = इहाँ बइठीं
fh-sit-at = { $seat ->
        [S] दक्खिन
        [W] पच्छिम
        [N] उत्तर
       *[E] पूरब
    } के सीट पर बइठीं
fh-seat-taken = { $seat ->
        [S] दक्खिन
        [W] पच्छिम
        [N] उत्तर
       *[E] पूरब
    } के सीट पर ना बइठ पावल गइल: { $error }
fh-frozen = जमल
fh-to-move = चाल के बारी
fh-thinking = सोचत बा
fh-title = चार जने के टेबुल
fh-gone = सर्वर पर अइसन कवनो टेबुल नइखे: लिंक गलत हो सकेला।
fh-invite = हर खेलाड़ी के ओकरा सीट के लिंक भेजीं; सगरी सीट भरला पर खेल शुरू होई।
fh-link-of = { $seat ->
        [S] दक्खिन
        [W] पच्छिम
        [N] उत्तर
       *[E] पूरब
    } के लिंक
fh-copy-link = { $seat ->
        [S] दक्खिन
        [W] पच्छिम
        [N] उत्तर
       *[E] पूरब
    } के सीट के लिंक कॉपी करीं
fh-resign = टीम की ओर से हार मानीं
fh-record = रिकॉर्ड डाउनलोड करीं
fh-resign-question = अपना टीम की ओर से हार मानब? दोसर टीम खेल जीत जाई।
fh-objections-title = लागू एतराज
fh-banned = { $seat ->
        [S] दक्खिन
        [W] पच्छिम
        [N] उत्तर
       *[E] पूरब
    } { $move } ना चल सकेला ({ $by ->
        [S] दक्खिन
        [W] पच्छिम
        [N] उत्तर
       *[E] पूरब
    } के एतराज)
fh-chat-title = टेबुल के बतकही
fh-chat-hint = चारो खेलाड़ी एकरा के पढ़ेलें: साथी लोग इहाँ चाल पर सलाह ना कर सकेलें। जवन लाइन लिखे वाला के साथी के कवनो चाल सुझावे, ओकरा पर बिरोधी एतराज कर सकेला; तब ऊ साथी कुछ देर ले ऊ चाल ना चल सकेला: अगिला तीन चाल ले, भा कुछ नियम में अपना अगिला तीन पारी ले (टेबल के नियम बतावेला)।
fh-chat-text =
    .aria-label = टेबुल खातिर संदेश
fh-object = एतराज
fh-object-label = { $seat ->
        [S] दक्खिन
        [W] पच्छिम
        [N] उत्तर
       *[E] पूरब
    } के लाइन { $line } पर एतराज करीं
fh-objected = एतराज भइल
fh-watching = रउआ ई टेबुल देखत बानी।
fh-status-waiting = { $count ->
        [one] अबहीं { $count } अउरी खेलाड़ी के बइठे के इंतजार बा।
       *[other] अबहीं { $count } अउरी खेलाड़ी के बइठे के इंतजार बा।
    }
fh-status-your-move = राउर चाल।
fh-status-to-move = { $seat ->
        [S] दक्खिन
        [W] पच्छिम
        [N] उत्तर
       *[E] पूरब
    } के चाल।
fh-doc-title = दाबा शतरंज: { $status }
fh-doc-title-over = दाबा शतरंज: चार जने के टेबुल

## A table's board, in words (screen readers)

fh-board-label = चार जने के बिसात, नीचे { $seat ->
        [S] दक्खिन
        [W] पच्छिम
        [N] उत्तर
       *[E] पूरब
    }
fh-row = पाँत { $row }
fh-piece = { $seat ->
        [S] दक्खिन
        [W] पच्छिम
        [N] उत्तर
       *[E] पूरब
    } के { $piece }
fh-ribbon = फीता बान्हल (उलटा घूमल)
fh-caps = { $count ->
        [one] { $count } बेर मार चुकल
       *[other] { $count } बेर मार चुकल
    }
fh-rules-summary = नियम: इहाँ ना बदलीं त नियम-पाठ वाला
fh-rules-promotion = प्यादा तरक्की में बनेला
fh-rules-promotion-queen = वजीर (पाठ के नियम)
fh-rules-promotion-choice = खेलाड़ी के पसंद: वजीर, हाथी, ऊँट भा घोड़ा
fh-rules-objection = मानल गइल एतराज चाल के रोकेला
fh-rules-objection-plies = अगिला 3 चाल ले (पाठ के नियम)
fh-rules-objection-own-turns = सलाह पावे वाला खेलाड़ी के अगिला 3 पारी ले
fh-rules-stalemate = बिना चाल वाला (स्टेलमेट) खेलाड़ी
fh-rules-stalemate-pass = पारी छोड़ देला (पाठ के नियम)
fh-rules-stalemate-draw = खेल बराबरी पर खतम करेला
fh-rules-repetition = तीसरा बेर आइल स्थिति
fh-rules-repetition-automatic = तुरंते बराबरी (पाठ के नियम)
fh-rules-repetition-claim = चाल चले वाला खेलाड़ी के बराबरी माँगे देला
fh-rules-no-progress = बिना कवनो मोहरा मरले आ बिना प्यादा चलले 200 चाल (50 दौर)
fh-rules-no-progress-off = कुछ ना बदले (पाठ के नियम)
fh-rules-no-progress-200 = खेल बराबरी पर खतम होला
fh-rules-partner-king = पहिले से शह में पड़ल साथी के राजा पर नया हमलावर जोड़े वाला चाल
fh-rules-partner-king-strict = ना चली (पाठ के नियम)
fh-rules-partner-king-simple = चली
fh-rules-more = दोसर सेटिंग, name=value के रूप में कॉमा से अलग कइके (docs/fourhand.md)
fh-rules-line = नियम: { $rules }
fh-rules-default = नियम-पाठ वाला
fh-claim = बराबरी माँगीं: स्थिति तीसरा बेर आइल
fh-team-name = { $team ->
        [SN] दक्खिन आ उत्तर
       *[WE] पच्छिम आ पूरब
    }
fh-ply-move = { $who } { $move } चलल।
fh-ply-frozen-pass = { $who } जमल बा आ आपन पारी छोड़ देला।
fh-ply-stalemate-pass = { $who } जिच में बा आ आपन पारी छोड़ देला।
fh-ply-mated = { $who } के मात भइल: ओकर सेना जम गइल।
fh-event-ribbon-on = प्यादा घूम जाला आ ओकरा फीता मिलेला।
fh-event-ribbon-off = प्यादा घरे पहुँचल: ओकर फीता उतर जाला।
fh-event-queen = प्यादा वजीर बन जाला।
fh-event-rook = प्यादा हाथी बन जाला।
fh-event-bishop = प्यादा ऊँट बन जाला।
fh-event-knight = प्यादा घोड़ा बन जाला।
fh-event-check = शह।
fh-released = { $who } छूट गइल: ओकर सेना फेर चलेले।
fh-end-resigned = { $losers } हार मान लिहल: { $winners } जीतल।
fh-end-ply-limit = बराबरी: टेबल { $plies } चाल के सीमा ले पहुँच गइल।
fh-end-claimed = बराबरी: ओही स्थिति तीसरा बेर आइल, त { $who } माँग लिहल।
fh-end-mate = { $winners } जीतल: { $losers } दुनो के मात भइल।
fh-end-mate-and-stalemate = बराबरी: एगो खेलाड़ी के मात भइल आ ओकर साथी जिच में बा।
fh-end-only-kings = बराबरी: खाली चारो राजा बचल बाड़ें।
fh-end-repetition = बराबरी: ओही स्थिति तीसरा बेर आइल।
fh-end-stalemate = जिच से बराबरी।
fh-end-no-progress = बराबरी: बहुत देर ले ना कवनो मारल भइल ना प्यादा चलल।
fh-objection-said = { $by } एतराज कइलस: { $writer } { $advised } के { $move } सुझवलस, एह से { $advised } ऊ चाल { $span ->
        [own-turns] अपना अगिला तीन पारी में
       *[plies] अगिला तीन चाल ले
    } ना चल सकेला।
