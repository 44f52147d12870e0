# Daba chess: the page's words in Nepali (नेपाली). The source is en/page.ftl;
# this file has exactly its message ids and variables. Chess notation (SAN)
# stays as it is. Latin digits throughout, as on clocks.

## The page and its header

page-title = दाबा चेस
title-your-move = तपाईंको चाल · दाबा चेस
skip-link = पृष्ठमा जानुहोस्
site-name = दाबा चेस
nav-play = खेल्नुहोस्
nav-games = मेरा खेलहरू
games-badge =
    .title = तपाईंको चाल बाँकी रहेका खेलहरू
nav-help = गोटीहरू कसरी चल्छन्
language-label = भाषा
settings = सेटिङ
settings-board = बोर्ड
settings-pieces = गोटी
settings-sound = चालको आवाज
theme-wood = काठ
theme-blue = निलो
theme-green = हरियो
theme-contrast = उच्च कन्ट्रास्ट
set-daba = दाबा
set-shapes = आकृति
nav-signin = साइन इन
nav-signup = खाता खोल्नुहोस्
nav-signout = साइन आउट

## Words used in many places

colour-white = सेतो
colour-black = कालो
colour-random = जुनसुकै
your-colour = तपाईंको रङ
mode-rated = रेटेड
mode-casual = सामान्य
col-player = खेलाडी
col-rating = रेटिङ
col-time = समय
col-mode = प्रकार
col-colour = रङ
col-action = कार्य
col-opponent = प्रतिद्वन्द्वी
col-moves = चाल
col-result = नतिजा
col-changed = अन्तिम परिवर्तन
time-control = समय नियन्त्रण
minutes-per-side = प्रत्येक पक्षलाई मिनेट
increment-seconds = प्रति चाल थप सेकेन्ड
cancel = रद्द गर्नुहोस्
accept = स्वीकार गर्नुहोस्
username = प्रयोगकर्ता नाम
password = पासवर्ड

## The lobby

lobby-challenges = खुला चुनौतीहरू
lobby-empty = अहिले कोही पनि प्रतिद्वन्द्वी पर्खिरहेको छैन। खेल बनाउनुहोस्, अरूले यहाँ देख्नेछन्।
lobby-no-fifty = { $mode }, 50-चाल नियम छैन
lobby-nobody-online = अहिले कुनै साइन इन गरेको खेलाडी छैन।
lobby-counts = { $games ->
        [one] { $games } खेल
       *[other] { $games } खेल
    } चलिरहेका, लबीमा { $guests ->
        [one] { $guests } पाहुना
       *[other] { $guests } पाहुना
    }।
lobby-playing = { $games ->
        [one] { $games } खेल
       *[other] { $games } खेल
    } चलिरहेका।
lobby-closed = यो सर्भरमा लबी अहिलेसम्म खुलेको छैन।
lobby-unreachable = लबीसम्म पुग्न सकिएन: { $error }
lobby-accept-failed = स्वीकार गर्न सकिएन: { $error }
lobby-cancel-failed = रद्द गर्न सकिएन: { $error }
online-title = अनलाइन
seek-title = खेल बनाउनुहोस्
seek-guest = यहाँ मानिसहरूसँग खेल्न साइन इन गर्नुहोस् वा खाता खोल्नुहोस्:
seek-guest-signin = साइन इन
seek-guest-signup = खाता खोल्नुहोस्
seek-fifty = पचास-चाल नियम (दुवैतर्फ 50 चालसम्म न कुनै गोटी मारिए न प्यादा सरे भने बराबरी माग्न सकिन्छ)
seek-create = चुनौती बनाउनुहोस्
seek-waiting = तपाईंको चुनौती ({ $control }, { $rated ->
        [rated] रेटेड
       *[casual] सामान्य
    }) सूचीमा प्रतिद्वन्द्वी पर्खिरहेको छ।
seek-signin-first = पहिले साइन इन गर्नुहोस्।
setup-title = कम्प्युटर वा साथीसँग खेल्नुहोस्
setup-who = कोसँग खेल्ने?
setup-computer = दाबा, कम्प्युटर
setup-local = यही स्क्रिनमा साथी (पालैपालो)
setup-friend = अर्को ब्राउजरमा साथी (लिङ्क पठाउनुहोस्)
setup-level = स्तर
setup-level-hint = पहिलो स्तरले जथाभावी चाल चल्छ: सुरु गर्नेहरूका लागि राम्रो।
setup-white = सेतो (तपाईं सुरु गर्नुहुन्छ)
setup-fifty = पचास-चाल नियम
setup-fen = कुनै स्थितिबाट सुरु गर्नुहोस् (FEN)
setup-start = खेल सुरु गर्नुहोस्
level-option-random = स्तर { $level }: जथाभावी चाल
level-option-full = स्तर { $level }: पूरा शक्ति, करिब { $elo } Elo
level-option = स्तर { $level }: करिब { $elo } Elo
my-games-all = मेरा सबै खेल
my-games-none = कुनै खेल चलिरहेको छैन।

## Time controls and clocks

speed = { $speed ->
        [bullet] बुलेट
        [blitz] ब्लिट्ज
        [rapid] र्‍यापिड
       *[classical] क्लासिकल
    }
speed-lower = { $speed ->
        [bullet] बुलेट
        [blitz] ब्लिट्ज
        [rapid] र्‍यापिड
        [classical] क्लासिकल
        [correspondence] पत्राचार
       *[unlimited] असीमित
    }
control-preset = { $control } { $speed ->
        [bullet] बुलेट
        [blitz] ब्लिट्ज
        [rapid] र्‍यापिड
       *[classical] क्लासिकल
    }
control-unlimited = असीमित
control-no-clock = घडी बिना
control-custom-group = आफ्नै
control-custom = आफ्नै: मिनेट + सेकेन्ड…
control-correspondence = पत्राचार
control-days = { $days ->
        [one] { $days } दिन
       *[other] { $days } दिन
    }
control-days-per-move = { $days ->
        [one] प्रति चाल { $days } दिन
       *[other] प्रति चाल { $days } दिन
    }
custom-minutes = { $minutes } मिनेट
custom-seconds = { $seconds } सेकेन्ड
clock-days = { $days ->
        [one] { $days } दिन { $hours } घण्टा
       *[other] { $days } दिन { $hours } घण्टा
    }
clock-hours = { $hours } घण्टा { $minutes } मिनेट

## Signing in and up

signin-no-account = खाता छैन?
signin-free = : यो निःशुल्क छ।
signup-username-hint = 3 देखि 20 अक्षर: अंग्रेजी अक्षर, अङ्क, _ वा -, सुरुमा अक्षर। अरूले यो देख्छन्।
signup-password-hint = कम्तीमा 8 अक्षर।
signup-have-account = पहिले नै खाता छ?
signin-wrong = प्रयोगकर्ता नाम वा पासवर्ड मिलेन।
signup-taken = यो नाम कसैले लिइसकेको छ: अर्को रोज्नुहोस्।

## My games and profiles

games-none = अहिलेसम्म कुनै खेल छैन:
games-none-link = लबीबाट एउटा खेल्नुहोस्
games-not-listed = यो सर्भरले अहिलेसम्म खेलहरूको सूची दिँदैन।
games-load-failed = तपाईंका खेलहरू ल्याउन सकिएन: { $error }
game-versus = { $name } विरुद्ध
game-your-move = तपाईंको चाल
game-their-move = उनको चाल
result-your-move = तपाईंको चाल
result-their-move = उनको चाल
result-draw = बराबरी
result-won = जित { $result }
result-lost = हार { $result }
profile-provisional = (अस्थायी: थप रेटेड खेलपछि रेटिङ स्थिर हुन्छ)
profile-rated-games = रेटेड खेल
profile-wins = जित
profile-draws = बराबरी
profile-losses = हार
profile-since = { $date } देखि सदस्य।
profile-pgn = सबै खेल डाउनलोड गर्नुहोस् (PGN)
profile-games-title = खेलहरू
profile-no-player = { $name } नामको कुनै खेलाडी छैन।
profile-no-games = अहिलेसम्म कुनै खेल छैन।
profile-no-history = यो सर्भरमा खेलको इतिहास अहिलेसम्म उपलब्ध छैन।
account-settings = खाताको सेटिङ
password-title = पासवर्ड बदल्नुहोस्
password-current = हालको पासवर्ड
password-new = नयाँ पासवर्ड (कम्तीमा 8 अक्षर)
password-submit = पासवर्ड बदल्नुहोस्
password-changed = तपाईंको पासवर्ड बदलियो; अरू सत्रहरूबाट साइन आउट गरियो।
close-title = खाता बन्द गर्नुहोस्
close-hint = तपाईंको खाता, सत्रहरू र खुला चुनौतीहरू हट्छन्, र तपाईंको नाम अरूका लागि खाली हुन्छ; सकिएका खेलहरूमा खेल्दाकै नाम रहन्छ। पहिले आफ्ना खेल सक्नुहोस्, हार मान्नुहोस् वा रद्द गर्नुहोस्।
close-submit = मेरो खाता बन्द गर्नुहोस्
close-confirm = खाता सधैँका लागि बन्द गर्ने? यो फिर्ता हुँदैन।
close-keep = मेरो खाता राख्नुहोस्

## The game

board =
    .aria-label = चेस बोर्ड
board-keys = एरो किहरूले घरहरूबीच सार्छन्; Enter वा Space ले गोटी उठाउँछ र घरमा राख्छ; Escape ले तल राख्छ।
promote-to = यसमा बढुवा:
gone = सर्भरमा यस्तो खेल छैन: लिङ्क गलत हुन सक्छ, वा खेल मेटाइएको छ।
gone-lobby = लबीमा फर्कनुहोस्
new-game = नयाँ खेल
undo = चाल फिर्ता
flip = बोर्ड पल्टाउनुहोस्
abort = खेल रद्द गर्नुहोस्
takeback-ask = चाल फिर्ताको प्रस्ताव
takeback-cancel = चाल फिर्ताको अनुरोध रद्द गर्नुहोस्
takeback-accept = चाल फिर्ता स्वीकार गर्नुहोस्
takeback-decline = चाल फिर्ता अस्वीकार गर्नुहोस्
offer-draw = बराबरीको प्रस्ताव
draw-offered = बराबरीको प्रस्ताव गरियो
accept-draw = बराबरी स्वीकार गर्नुहोस्
decline-draw = बराबरी अस्वीकार गर्नुहोस्
claim-draw = बराबरी दाबी गर्नुहोस्
notice-takeback-asked = { $color ->
        [white] सेतो
       *[black] कालो
    }ले आफ्नो चाल फिर्ता लिन अनुरोध गर्‍यो।
notice-takeback-agreed = { $color ->
        [white] सेतो
       *[black] कालो
    } चाल फिर्तामा सहमत भयो।
notice-takeback-declined = { $color ->
        [white] सेतो
       *[black] कालो
    }ले चाल फिर्ता अस्वीकार गर्‍यो।
notice-draw-offered = { $color ->
        [white] सेतो
       *[black] कालो
    }ले बराबरीको प्रस्ताव गर्‍यो।
notice-draw-declined = { $color ->
        [white] सेतो
       *[black] कालो
    }ले बराबरीको प्रस्ताव अस्वीकार गर्‍यो।
notice-computer-declines-draw = दाबाले बराबरीको प्रस्ताव अस्वीकार गर्‍यो।
notice-computer-could-not-move = दाबाले चाल चल्न सकेन: सर्भर धेरै व्यस्त छ। पछि फेरि प्रयास गर्नुहोस्।
notice-rematch-offered = { $color ->
        [white] सेतो
       *[black] कालो
    }ले फेरि खेल्ने प्रस्ताव गर्‍यो।
notice-rematch-declined = { $color ->
        [white] सेतो
       *[black] कालो
    }ले फेरि खेल्ने प्रस्ताव अस्वीकार गर्‍यो।
notice-rematch-accepted = { $color ->
        [white] सेतो
       *[black] कालो
    }ले फेरि खेल्न स्वीकार्‍यो: नयाँ खेल, रङ साटिएर।
claim-threefold = बराबरी दाबी गर्नुहोस् (तीन पटक दोहोरिएको)
claim-fifty = बराबरी दाबी गर्नुहोस् (पचास-चाल नियम)
draw-confirm-local = के दुवै खेलाडी बराबरीमा सहमत हुनुहुन्छ?
resign = हार मान्नुहोस्
resign-local = हार मान्नुहोस् ({ $color ->
        [white] सेतो
       *[black] कालो
    })
rematch-offer = फेरि खेल्ने
rematch-cancel = फेरि खेल्ने प्रस्ताव रद्द गर्नुहोस्
rematch-accept = फेरि खेल्न स्वीकार गर्नुहोस्
rematch-decline = फेरि खेल्न अस्वीकार गर्नुहोस्
rematch-link = नयाँ खेलमा जानुहोस्
pgn = PGN डाउनलोड
resign-question = यो खेलमा हार मान्ने? तपाईंको प्रतिद्वन्द्वीले जित्नेछन्।
resign-confirm = हो, हार मान्छु
resign-keep = खेलिरहने
san-label = चाल टाइप गर्नुहोस्
san-play = चल्नुहोस्
moves-title = चालहरू
step-first =
    .aria-label = पहिलो स्थिति
    .title = पहिलो स्थिति (Home)
step-back =
    .aria-label = अघिल्लो चाल
    .title = अघिल्लो चाल (←)
step-forward =
    .aria-label = अर्को चाल
    .title = अर्को चाल (→)
step-last =
    .aria-label = अन्तिम स्थिति
    .title = अन्तिम स्थिति (End)
step-where = { $total } मध्ये चाल { $ply }
invite = यो लिङ्क आफ्नो साथीलाई पठाउनुहोस्:
copy-link = कपी
chat-title = कुराकानी
chat-text =
    .placeholder = केही राम्रो भन्नुहोस्
    .aria-label = प्रतिद्वन्द्वीलाई सन्देश
chat-send = पठाउनुहोस्
chat-you = तपाईं
watchers-title = दर्शकहरूको कुराकानी
watchers-text =
    .placeholder = अरू दर्शकहरूसँग कुरा गर्नुहोस्
    .aria-label = दर्शकहरूलाई सन्देश
watchers-signin = गरेर यहाँ लेख्नुहोस्।
chars-left = { $left ->
        [one] { $left } अक्षर बाँकी।
       *[other] { $left } अक्षर बाँकी।
    }
chars-left-cut = { $left ->
        [one] { $left } अक्षर बाँकी
       *[other] { $left } अक्षर बाँकी
    }: टाँसिएको पाठ मिलाउन काटियो, बढीमा { $max } अक्षर।
waiting-friend = तपाईंको साथीले अहिलेसम्म लिङ्क खोलेका छैनन्: दुवै खेलाडी आएपछि खेल सुरु हुन्छ।
premove-dropped = तपाईंको अग्रिम चाल अब नियमअनुसार थिएन: त्यो चलिएन।
no-such-game = यस्तो कुनै खेल छैन।
poll-retry = { $why }। { $seconds } सेकेन्डमा फेरि प्रयास गरिँदैछ।
poll-unreachable = सर्भरसम्म पुग्न सकिँदैन

## Players and what the page says about the game

level-random = स्तर 0 (जथाभावी चाल)
level-full = पूरा शक्ति
level-n = स्तर { $level }
daba = दाबा
player-daba = दाबा, { $level }
player-you = तपाईं
player-guest = पाहुना
player-you-guest = तपाईं (पाहुना)
player-waiting = खेलाडी पर्खँदै
your-friend = तपाईंको साथी
presence-online = अनलाइन
presence-away = टाढा
presence-online-title = खेल खुला छ
presence-away-title = अहिले यहाँ छैनन्
status-thinking = { $color ->
        [white] सेतोको
       *[black] कालोको
    } चाल: दाबा सोच्दैछ…
status-waiting = { $color ->
        [white] सेतोको
       *[black] कालोको
    } चाल। तपाईंको साथीले लिङ्क खोल्ने पर्खाइमा।
status-to-move = { $color ->
        [white] सेतोको
       *[black] कालोको
    } चाल।
status-your-move = तपाईंको चाल ({ $color ->
        [white] सेतो
       *[black] कालो
    })।
status-their-turn = { $color ->
        [white] सेतोको
       *[black] कालोको
    } चाल: { $name } को पालो।
status-friends-turn = { $color ->
        [white] सेतोको
       *[black] कालोको
    } चाल: तपाईंको साथीको पालो।
status-check = चेक!
status-gone = यो खेल अब सर्भरमा छैन।
info-watching = तपाईं यो खेल हेर्दै हुनुहुन्छ।
info-computer = तपाईं { $level } मा दाबाविरुद्ध { $color ->
        [white] सेतो
       *[black] कालो
    } बाट खेल्दै हुनुहुन्छ।
info-local = एउटै स्क्रिनमा दुई खेलाडी: पालैपालो खेल्नुहोस्।
info-game = { $rated ->
        [rated] रेटेड खेल
       *[casual] सामान्य खेल
    }{ $control ->
        [none] {""}
       *[other] , { $control }
    }: तपाईं { $color ->
        [white] सेतो
       *[black] कालो
    } बाट खेल्दै हुनुहुन्छ।
info-game-against = { $rated ->
        [rated] रेटेड खेल
       *[casual] सामान्य खेल
    }{ $control ->
        [none] {""}
       *[other] , { $control }
    }: तपाईं { $name } विरुद्ध { $color ->
        [white] सेतो
       *[black] कालो
    } बाट खेल्दै हुनुहुन्छ।
info-friend = साथीसँगको खेल{ $control ->
        [none] {""}
       *[other] , { $control }
    }: तपाईं { $color ->
        [white] सेतो
       *[black] कालो
    } बाट खेल्दै हुनुहुन्छ।
info-no-fifty = पचास-चाल नियम छैन।

## How games end ($winner and $loser are "white" or "black")

end-checkmate = चेकमेट: { $winner ->
        [white] सेतो
       *[black] कालो
    } जित्यो।
end-resignation = { $loser ->
        [white] सेतोले
       *[black] कालोले
    } हार मान्यो: { $winner ->
        [white] सेतो
       *[black] कालो
    } जित्यो।
end-stalemate = स्टेलमेटले बराबरी: चाल चल्ने पक्षसँग कुनै वैध चाल छैन र ऊ चेकमा पनि छैन।
end-insufficient-material = अपर्याप्त गोटीले बराबरी: कुनै पक्षले चेकमेट गर्न सक्दैन।
end-fivefold-repetition = पाँच पटक दोहोरिएर बराबरी: उही स्थिति पाँचौँ पटक।
end-seventy-five-moves = पचहत्तर-चाल नियमले बराबरी: दुवैतर्फ 75 चालसम्म न कुनै गोटी मारियो न प्यादा सर्‍यो।
end-threefold-repetition = तीन पटक दोहोरिएर बराबरी: उही स्थिति तेस्रो पटक, दाबी गरियो।
end-fifty-moves = पचास-चाल नियमले बराबरी: दुवैतर्फ 50 चालसम्म न कुनै गोटी मारियो न प्यादा सर्‍यो, दाबी गरियो।
end-agreement = सहमतिले बराबरी।
end-timeout = { $loser ->
        [white] सेतोको
       *[black] कालोको
    } समय सकियो: { $winner ->
        [white] सेतो
       *[black] कालो
    } जित्यो।
end-timeout-insufficient-material = बराबरी: एक खेलाडीको समय सकियो, तर अर्कोले चेकमेट गर्न सक्दैनथ्यो।
end-aborted = दुवै खेलाडीले चाल चल्नुअघि नै खेल रद्द भयो।

## Pieces and the board, in words (screen readers, titles)

piece-king = राजा
piece-queen = रानी
piece-rook = हात्ती
piece-bishop = ऊँट
piece-knight = घोडा
piece-pawn = प्यादा
piece-coloured = { $color ->
        [white] सेतो
       *[black] कालो
    } { $piece }
square-empty = खाली
square-selected = उठाइएको
square-target = उठाइएको गोटी यहाँ जान सक्छ
square-premove = अग्रिम चाल
square-check = चेकमा
square-last-move = अन्तिम चाल
board-rank = पङ्क्ति { $rank }
san-castle-short = राजातर्फ क्यासलिङ
san-castle-long = रानीतर्फ क्यासलिङ
san-move = { $piece } { $to }
san-capture = { $piece } ले { $to } मार्छ
san-promotion = { $move }, { $piece } मा बढुवा
san-check = { $move }, चेक
san-mate = { $move }, चेकमेट
said-move = { $who }: { $move }
taken-back = { $count ->
        [one] एउटा चाल फिर्ता लिइयो।
       *[other] { $count } चाल फिर्ता लिइयो।
    }

## Review

review-title = समीक्षा
review-ask = दाबालाई खेलको समीक्षा गर्न भन्नुहोस्
review-accuracy = शुद्धता
review-errors = गल्तीहरू
review-graph =
    .aria-label = हरेक चालपछिको मूल्याङ्कन: बीचको रेखामाथि सेतोको बढत। चालमा जान क्लिक गर्नुहोस्।
review-none = कुनै अशुद्धता, गल्ती वा ठूलो भूल छैन।
review-running = दाबाले खेलको समीक्षा गर्दैछ: { $total } मध्ये { $done } स्थिति…
review-waiting = { $ahead ->
        [one] दाबाको पर्खाइमा (अगाडि { $ahead } समीक्षा)…
       *[other] दाबाको पर्खाइमा (अगाडि { $ahead } समीक्षा)…
    }
review-asking = दाबालाई सोध्दै…
review-counts = { $inaccuracies } अशुद्धता, { $mistakes } गल्ती, { $blunders } ठूलो भूल
mark-inaccuracy = अशुद्धता
mark-mistake = गल्ती
mark-blunder = ठूलो भूल
review-mate = मेट
review-better = अझ राम्रो: { $line }

## Errors

error-status = सर्भरले { $status } जवाफ दियो
error-retry = { $error } ({ $wait } पछि फेरि प्रयास गर्नुहोस्)
error-username-taken = यो प्रयोगकर्ता नाम अरूले लिइसकेको छ।
error-wrong-credentials = प्रयोगकर्ता नाम वा पासवर्ड मिलेन।
error-wrong-password = यो तपाईंको पासवर्ड होइन।
error-games-going = तपाईंका खेलहरू चलिरहेका छन्: पहिले तिनलाई सक्नुहोस्, हार मान्नुहोस् वा रद्द गर्नुहोस्।
error-too-many-attempts = धेरै पटक प्रयास भयो
error-busy = सर्भर पासवर्ड जाँच्नमा व्यस्त छ; एकछिनपछि फेरि प्रयास गर्नुहोस्।
error-unavailable = सर्भर आफ्नो डाटाबेससम्म पुग्न सकेन; केहीबेरमा फेरि प्रयास गर्नुहोस्।
error-chat-too-fast = बिस्तारै: एकैपटक धेरै सन्देश भए
error-too-many-games = एक खेलाडीले पाउने जति खेल तपाईंका चलिरहेका छन्; पहिले एउटा सक्नुहोस्।
error-too-many-seeks = एक खेलाडीले पाउने जति खुला चुनौती तपाईंका छन्; पहिले एउटा रद्द गर्नुहोस्।
wait-seconds = { $seconds ->
        [one] { $seconds } सेकेन्ड
       *[other] { $seconds } सेकेन्ड
    }
wait-minutes = { $minutes ->
        [one] { $minutes } मिनेट
       *[other] { $minutes } मिनेट
    }
ago-now = भर्खरै
ago-years = { $n ->
        [one] { $n } वर्षअघि
       *[other] { $n } वर्षअघि
    }
ago-months = { $n ->
        [one] { $n } महिनाअघि
       *[other] { $n } महिनाअघि
    }
ago-weeks = { $n ->
        [one] { $n } हप्ताअघि
       *[other] { $n } हप्ताअघि
    }
ago-days = { $n ->
        [one] { $n } दिनअघि
       *[other] { $n } दिनअघि
    }
ago-hours = { $n ->
        [one] { $n } घण्टाअघि
       *[other] { $n } घण्टाअघि
    }
ago-minutes = { $n ->
        [one] { $n } मिनेटअघि
       *[other] { $n } मिनेटअघि
    }

## The help: how the pieces move

help-close = सहायता बन्द गर्नुहोस्
help-intro = सानो बोर्डको गोटीमा क्लिक गरेर त्यो जान सक्ने घरहरू हेर्नुहोस्, अनि चाल चल्न एउटा घरमा क्लिक गर्नुहोस्; "फेरि सुरु" ले बोर्ड पहिलेजस्तै बनाउँछ। देखाइएका नियम दाबा आफैँबाट आउँछन्, त्यसैले बोर्डहरू सधैँ सही हुन्छन्।
help-beside = खेलको बोर्डमा गोटी उठाउनुहोस्: त्यसका पाठ यहाँ आउँछन्।
help-all = सबै पाठ देखाउनुहोस्
help-following = तपाईंले उठाएको गोटीका पाठ: { $piece }।
help-idle = { $color ->
        [white] सेतोको
       *[black] कालोको
    } चाल। गोटीमा क्लिक गर्नुहोस्।
help-played = { $color ->
        [white] सेतोले
       *[black] कालोले
    } { $san } चल्यो।
help-empty = खाली घर।
help-waits = अहिले { $mover ->
        [white] सेतोको
       *[black] कालोको
    } पालो: { $side ->
        [white] सेतोका
       *[black] कालोका
    } गोटीहरू { $mover ->
        [white] सेतोले
       *[black] कालोले
    } चाल नचलेसम्म पर्खन्छन्।
help-no-move = यो { $piece } को यहाँ कुनै वैध चाल छैन।
help-can-go = { $count ->
        [one] { $piece } { $count } घरमा जान सक्छ।
       *[other] { $piece } { $count } घरमा जान सक्छ।
    }
help-promotes = अन्तिम पङ्क्तिमा पुगेपछि यो रानी, हात्ती, ऊँट वा घोडा बन्छ: चार विकल्प।
help-reset = फेरि सुरु
help-reset-label = बोर्ड फेरि सुरु गर्नुहोस्: { $title }
help-board-label = पाठको बोर्ड: { $title }
lesson-king = राजा
lesson-king-text = राजा कुनै पनि दिशामा एक घर सर्छ। शत्रुको गोटीले आक्रमण गरेको घरमा ऊ कहिल्यै जान सक्दैन। उसलाई सुरक्षित राख्नुहोस्: सम्पूर्ण खेल राजाकै बारेमा हो।
lesson-queen = रानी
lesson-queen-text = रानी सिधा रेखामा जति टाढा पनि जान सक्छिन्: पङ्क्ति, स्तम्भ वा विकर्णमा। बाटोमा पर्ने पहिलो गोटीमा उनी रोकिन्छिन्, र त्यो शत्रुको भए मार्न सक्छिन्।
lesson-rook = हात्ती
lesson-rook-text = हात्ती पङ्क्ति वा स्तम्भमा जति टाढा पनि जान्छ, विकर्णमा कहिल्यै होइन।
lesson-bishop = ऊँट
lesson-bishop-text = ऊँट विकर्णमा जति टाढा पनि जान्छ, त्यसैले ऊ खेलभरि एउटै रङका घरमा रहन्छ।
lesson-knight = घोडा
lesson-knight-text = घोडा L आकारमा उफ्रन्छ: एकातिर दुई घर र छेउमा एक घर। अरू गोटीमाथि उफ्रने ऊ मात्र हो, त्यसैले वरिपरिको भीडले उसलाई रोक्दैन।
lesson-pawn = प्यादा
lesson-pawn-text = प्यादा सिधा अगाडि एक घर हिँड्छ, वा सुरुको घरबाट दुई घर, तर खाली घरमा मात्र। ऊ अर्को तरिकाले मार्छ: अगाडि विकर्णमा एक घर।
lesson-castling = क्यासलिङ
lesson-castling-text = खेलमा एक पटक राजाले क्यासलिङ गर्न सक्छ: ऊ हात्तीतिर दुई घर सर्छ, र त्यो हात्ती राजाले पार गरेको घरमा उफ्रन्छ। दुवैमध्ये कोही अहिलेसम्म नसरेको, बीचका घर खाली भएको, र राजा चेकमा नभएको, आक्रमणमा परेको घर पार नगर्ने र चेकमा नपुग्ने अवस्थामा मात्र। राजामा क्लिक गर्नुहोस्, अनि हात्तीतिर दुई घर पर (वा हात्तीमै), र हात्ती उफ्रेको हेर्नुहोस्।
lesson-en-passant = आँ पासाँ
lesson-en-passant-text = प्यादा दुई घर सरेर शत्रुको प्यादाको छेउमा पुग्यो भने, त्यो शत्रु प्यादाले उसलाई एक घर मात्र सरेको जस्तो गरी मार्न सक्छ: ऊ उसको पछाडि विकर्णमा जान्छ। ठीक अर्को चालमा मात्र। यहाँ कालोको प्यादा भर्खरै d7 बाट d5 गयो: e5 को सेतो प्यादामा क्लिक गर्नुहोस्, अनि d6 मा, र कालो प्यादा हटेको हेर्नुहोस्।
lesson-promotion = बढुवा
lesson-promotion-text = अन्तिम पङ्क्तिमा पुगेको प्यादा खेलाडीले रोजेअनुसार रानी, हात्ती, ऊँट वा घोडा बन्छ (प्रायः रानी)। प्यादालाई e8 मा पुर्‍याउनुहोस् र रोज्नुहोस्।
lesson-check = चेक
lesson-check-text = आक्रमणमा परेको राजा चेकमा हुन्छ। उसको खेलाडीले तुरुन्तै चेक हटाउनुपर्छ: राजा सार्ने, बीचमा गोटी राख्ने, वा आक्रमणकारीलाई मार्ने। यहाँ हात्तीले सेतो राजालाई चेक दिएको छ, र पहिलो पङ्क्तिबाट बाहिर जाने राजाका चालले मात्र काम गर्छन्।
lesson-checkmate = चेकमेट
lesson-checkmate-text = निस्कने बाटो नभएको चेक: चेकमेट, र खेल सकियो। मेट गर्ने जित्छ। यहाँ कालोका आफ्नै प्यादाले राजालाई घेरेका छन्।
lesson-draws = बराबरी
draws-when = खेल बराबरी हुन्छ जब:
draws-stalemate = स्टेलमेट
draws-stalemate-text = चाल चल्ने खेलाडीसँग कुनै वैध चाल छैन तर ऊ चेकमा पनि छैन (यहाँको बोर्ड: कालोको चाल)।
draws-material = अपर्याप्त गोटी
draws-material-text = कसैले पनि कहिल्यै मेट गर्न सक्दैन, जस्तै राजाविरुद्ध राजा, वा राजा र एउटा घोडा वा ऊँट विरुद्ध राजा।
draws-repetition = दोहोरिने
draws-repetition-text = उही स्थिति तेस्रो पटक आउँछ, र चाल चल्ने खेलाडीले बराबरी दाबी गर्छ; पाँचौँ पटकमा आफैँ बराबरी हुन्छ।
draws-fifty = पचास चाल
draws-fifty-text = दुवै पक्षले 50 चालसम्म न कुनै गोटी मारे न प्यादा सारे, र एक खेलाडीले दाबी गर्छ; पचहत्तरपछि आफैँ बराबरी हुन्छ।
draws-agreement = सहमति
draws-agreement-text = एक खेलाडीले बराबरीको प्रस्ताव गर्छ र अर्कोले स्वीकार्छ।

## Tables for four (four-handed team chess): the lobby's panel and a
## table's page. $seat (and $by) is a seat's letter: S (South, red),
## W (West, blue), N (North, yellow), E (East, green); $team is SN or WE.

fh-lobby-title = चार जनाको चेस
fh-lobby-intro = 160 घरको जोड-चिह्न (+) आकारको बोर्डमा चार जनाको टोली चेस: दक्षिण र उत्तर विरुद्ध पश्चिम र पूर्व, हरेक खेलाडीको आफ्नै सेना; दुवै प्रतिद्वन्द्वीलाई चेकमेट गर्ने टोलीले जित्छ। चेकमेट भएको सेना त्यसको जोडीदारले नछुटाएसम्म जमेर बस्छ।
fh-lobby-caption = सिट खाली भएका चार जनाका टेबलहरू
fh-lobby-table = टेबल
fh-lobby-empty = अहिले कुनै पनि चार जनाको टेबलले खेलाडी पर्खिरहेको छैन।
fh-lobby-signin-before = यहाँ सूचीमा भएको टेबलमा बस्न
fh-lobby-signin-link = साइन इन गर्नुहोस्
fh-lobby-signin-after = ; सिटको लिङ्कबाट जो कोही आउन सक्छ।
fh-lobby-legend = टेबल खोल्नुहोस्: को कहाँ बस्ने?
fh-lobby-listed = सिट खाली रहुन्जेल टेबललाई यहाँ सूचीमा राख्नुहोस्, ताकि साइन इन गरेका खेलाडीहरू बस्न सकून्
fh-lobby-create = टेबल खोल्नुहोस्
fh-option-person = एक जना मानिस (पठाउने लिङ्क, वा लबीबाट जो कोही)
fh-one-you = ठीक एउटा सिटका लागि "तपाईं" छान्नुहोस्।
fh-look = टेबल हेर्नुहोस्
fh-list-guest = पाहुना
fh-list-computer = दाबा स्तर { $level }
fh-seat = { $seat ->
        [S] दक्षिण
        [W] पश्चिम
        [N] उत्तर
       *[E] पूर्व
    }
fh-seat-colour = { $seat ->
        [S] दक्षिण (रातो)
        [W] पश्चिम (निलो)
        [N] उत्तर (पहेँलो)
       *[E] पूर्व (हरियो)
    }
fh-team = { $team ->
        [SN] दक्षिण र उत्तर
       *[WE] पश्चिम र पूर्व
    } सँगै खेल्छन्।
fh-computer = { $level ->
        [0] दाबा, स्तर 0 (जथाभावी चाल)
       *[other] दाबा, स्तर { $level }
    }
fh-you-named = तपाईं ({ $name })
fh-open = खाली सिट
fh-sit = यहाँ बस्नुहोस्
fh-sit-at = { $seat ->
        [S] दक्षिणको
        [W] पश्चिमको
        [N] उत्तरको
       *[E] पूर्वको
    } सिटमा बस्नुहोस्
fh-seat-taken = { $seat ->
        [S] दक्षिणको
        [W] पश्चिमको
        [N] उत्तरको
       *[E] पूर्वको
    } सिटमा बस्न सकिएन: { $error }
fh-frozen = जमेको
fh-to-move = चालको पालो
fh-thinking = सोच्दै
fh-title = चार जनाको टेबल
fh-gone = सर्भरमा यस्तो टेबल छैन: लिङ्क गलत हुन सक्छ।
fh-invite = हरेक खेलाडीलाई उनको सिटको लिङ्क पठाउनुहोस्; सबै सिट भरिएपछि खेल सुरु हुन्छ।
fh-link-of = { $seat ->
        [S] दक्षिणको
        [W] पश्चिमको
        [N] उत्तरको
       *[E] पूर्वको
    } लिङ्क
fh-copy-link = { $seat ->
        [S] दक्षिणको
        [W] पश्चिमको
        [N] उत्तरको
       *[E] पूर्वको
    } सिटको लिङ्क कपी गर्नुहोस्
fh-resign = टोलीको तर्फबाट हार मान्नुहोस्
fh-record = अभिलेख डाउनलोड गर्नुहोस्
fh-resign-question = आफ्नो टोलीको तर्फबाट हार मान्ने? अर्को टोलीले खेल जित्छ।
fh-objections-title = लागू आपत्तिहरू
fh-banned = { $seat ->
        [S] दक्षिणले
        [W] पश्चिमले
        [N] उत्तरले
       *[E] पूर्वले
    } { $move } चल्न पाउँदैन ({ $by ->
        [S] दक्षिणको
        [W] पश्चिमको
        [N] उत्तरको
       *[E] पूर्वको
    } आपत्ति)
fh-chat-title = टेबलको कुराकानी
fh-chat-hint = चारै खेलाडीले यो पढ्छन्: जोडीदारहरूले यहाँ चालबारे सल्लाह गर्न पाउँदैनन्। लेख्नेको जोडीदारलाई चाल सुझाउने लाइनमा प्रतिद्वन्द्वीले आपत्ति गर्न सक्छ; त्यसपछि त्यो जोडीदारले केहीबेर त्यो चाल चल्न पाउँदैन: अर्का तीन चालसम्म, वा कुनै नियममा आफ्ना अर्का तीन पालोसम्म (टेबलका नियमले भन्छन्)।
fh-chat-text =
    .aria-label = टेबललाई सन्देश
fh-object = आपत्ति
fh-object-label = { $seat ->
        [S] दक्षिणको
        [W] पश्चिमको
        [N] उत्तरको
       *[E] पूर्वको
    } लाइन { $line } मा आपत्ति गर्नुहोस्
fh-objected = आपत्ति गरियो
fh-watching = तपाईं यो टेबल हेर्दै हुनुहुन्छ।
fh-status-waiting = { $count ->
        [one] थप { $count } जना खेलाडी बस्न पर्खँदै।
       *[other] थप { $count } जना खेलाडी बस्न पर्खँदै।
    }
fh-status-your-move = तपाईंको चाल।
fh-status-to-move = { $seat ->
        [S] दक्षिणको
        [W] पश्चिमको
        [N] उत्तरको
       *[E] पूर्वको
    } चाल।
fh-doc-title = दाबा चेस: { $status }
fh-doc-title-over = दाबा चेस: चार जनाको टेबल

## A table's board, in words (screen readers)

fh-board-label = चार जनाको बोर्ड, तल { $seat ->
        [S] दक्षिण
        [W] पश्चिम
        [N] उत्तर
       *[E] पूर्व
    }
fh-row = पङ्क्ति { $row }
fh-piece = { $seat ->
        [S] दक्षिणको
        [W] पश्चिमको
        [N] उत्तरको
       *[E] पूर्वको
    } { $piece }
fh-ribbon = रिबन लगाएको (फर्किएको)
fh-caps = { $count ->
        [one] { $count } पटक मारेको
       *[other] { $count } पटक मारेको
    }
fh-rules-summary = नियम: यहाँ नबदले नियम-पाठकै पूर्वनिर्धारित
fh-rules-promotion = प्यादा बढुवा हुँदा बन्छ
fh-rules-promotion-queen = रानी (पाठको नियम)
fh-rules-promotion-choice = खेलाडीको रोजाइ: रानी, हात्ती, ऊँट वा घोडा
fh-rules-objection = मानिएको आपत्तिले चाल रोक्छ
fh-rules-objection-plies = अर्का 3 चालसम्म (पाठको नियम)
fh-rules-objection-own-turns = सल्लाह पाएको खेलाडीका अर्का 3 पालोसम्म
fh-rules-stalemate = चाल नभएको (स्टेलमेट) खेलाडी
fh-rules-stalemate-pass = पालो छोड्छ (पाठको नियम)
fh-rules-stalemate-draw = खेल बराबरीमा टुङ्ग्याउँछ
fh-rules-repetition = तेस्रो पटक आएको स्थिति
fh-rules-repetition-automatic = तुरुन्तै बराबरी हुन्छ (पाठको नियम)
fh-rules-repetition-claim = चाल चाल्ने खेलाडीलाई बराबरी माग्न दिन्छ
fh-rules-no-progress = कुनै गोटी नमारी र प्यादा नचलाई 200 चाल (50 फेरो)
fh-rules-no-progress-off = केही नबदल्नुहोस् (पाठको नियम)
fh-rules-no-progress-200 = खेल बराबरीमा टुङ्ग्याउनुहोस्
fh-rules-partner-king = पहिल्यै सह परेको साथीको राजामा नयाँ आक्रमणकारी थप्ने चाल
fh-rules-partner-king-strict = चल्दैन (पाठको नियम)
fh-rules-partner-king-simple = चल्छ
fh-rules-more = अरू सेटिङहरू, name=value का रूपमा अल्पविरामले छुट्याएर (docs/fourhand.md)
fh-rules-line = नियम: { $rules }
fh-rules-default = नियम-पाठकै पूर्वनिर्धारित
fh-claim = बराबरी माग्नुहोस्: स्थिति तेस्रो पटक आयो
fh-team-name = { $team ->
        [SN] दक्षिण र उत्तर
       *[WE] पश्चिम र पूर्व
    }
fh-ply-move = { $who }ले { $move } चाल्यो।
fh-ply-frozen-pass = { $who } जमेको छ र पालो छोड्छ।
fh-ply-stalemate-pass = { $who } स्टेलमेटमा छ र पालो छोड्छ।
fh-ply-mated = { $who } चेकमेट भयो: उसको सेना जम्यो।
fh-event-ribbon-on = प्यादा फर्कन्छ र रिबन पाउँछ।
fh-event-ribbon-off = प्यादा घर पुग्यो: उसको रिबन हट्छ।
fh-event-queen = प्यादा रानी बन्छ।
fh-event-rook = प्यादा हात्ती बन्छ।
fh-event-bishop = प्यादा ऊँट बन्छ।
fh-event-knight = प्यादा घोडा बन्छ।
fh-event-check = चेक।
fh-released = { $who } मुक्त भयो: उसको सेना फेरि चल्छ।
fh-end-resigned = { $losers }ले हार माने: { $winners } जिते।
fh-end-ply-limit = बराबरी: टेबल { $plies } चालको सीमामा पुग्यो।
fh-end-claimed = बराबरी: उही स्थिति तेस्रो पटक आएकाले { $who }ले माग गर्‍यो।
fh-end-mate = { $winners } जिते: { $losers } दुवै चेकमेट भए।
fh-end-mate-and-stalemate = बराबरी: एक खेलाडी चेकमेट र उसको जोडीदार स्टेलमेटमा छ।
fh-end-only-kings = बराबरी: चार राजा मात्र बाँकी छन्।
fh-end-repetition = बराबरी: उही स्थिति तेस्रो पटक आयो।
fh-end-stalemate = स्टेलमेटले बराबरी।
fh-end-no-progress = बराबरी: कुनै कब्जा वा प्यादाको चालबिना धेरै लामो भयो।
fh-objection-said = { $by }ले आपत्ति गर्‍यो: { $writer }ले { $advised }लाई { $move } सुझायो, त्यसैले { $advised }ले त्यो चाल { $span ->
        [own-turns] आफ्ना अर्का तीन पालोमा
       *[plies] अर्का तीन चालसम्म
    } चल्न पाउँदैन।
