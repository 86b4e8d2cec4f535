"""The Chinese lexicon of the rulebook: every word list a Chinese rule reads, spelled once.

Words are as jieba's segmenter cuts them; :func:`teach_segmenter` makes it cut the lexicon's words whole (and
cut a kinship word or an animal off a following 叫 or 是), so patterns can name words rather than characters.
Written from what people commonly say to an assistant, not from any benchmark conversation.
"""

from __future__ import annotations

import threading
from functools import cache


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


KIN_RELATIONS: dict[str, str] = {
    **dict.fromkeys("妈妈 妈 母亲 老妈 妈咪".split(), "mother"),
    **dict.fromkeys("爸爸 爸 父亲 老爸".split(), "father"),
    **dict.fromkeys("姐姐 妹妹 姐 妹".split(), "sister"),
    **dict.fromkeys("哥哥 弟弟 哥 弟".split(), "brother"),
    **dict.fromkeys("儿子".split(), "son"),
    **dict.fromkeys("女儿 闺女".split(), "daughter"),
    **dict.fromkeys("老婆 妻子 媳妇 太太".split(), "wife"),
    **dict.fromkeys("老公 丈夫 先生".split(), "husband"),
    **dict.fromkeys("爱人 老伴 对象 男朋友 女朋友 男友 女友 未婚夫 未婚妻".split(), "partner"),
    **dict.fromkeys("奶奶 外婆 姥姥".split(), "grandmother"),
    **dict.fromkeys("爷爷 外公 姥爷".split(), "grandfather"),
    **dict.fromkeys("孙子 孙女 外孙 外孙女".split(), "grandchild"),
    **dict.fromkeys("孩子 宝宝 小孩".split(), "child"),
    **dict.fromkeys("叔叔 舅舅 伯伯".split(), "uncle"),
    **dict.fromkeys("阿姨 姑姑 姨妈 舅妈 婶婶".split(), "aunt"),
    **dict.fromkeys("表哥 表姐 表弟 表妹 堂哥 堂姐 堂弟 堂妹".split(), "cousin"),
    **dict.fromkeys("侄子 外甥".split(), "nephew"),
    **dict.fromkeys("侄女 外甥女".split(), "niece"),
    "双胞胎": "twin",
    **dict.fromkeys("岳父 公公".split(), "father-in-law"),
    **dict.fromkeys("岳母 婆婆".split(), "mother-in-law"),
    **dict.fromkeys("嫂子 弟媳 弟妹".split(), "sister-in-law"),
    **dict.fromkeys("姐夫 妹夫".split(), "brother-in-law"),
    **dict.fromkeys("儿媳 儿媳妇".split(), "daughter-in-law"),
    "女婿": "son-in-law",
    **dict.fromkeys("继母 后妈".split(), "stepmother"),
    **dict.fromkeys("继父 后爸".split(), "stepfather"),
    **dict.fromkeys("继子 继女".split(), "stepchild"),
}
"""A family word → the relation it names (我老公 is the speaker's ``husband``)."""
KIN_FULL_FORMS: dict[str, str] = {w: w * 2 for w in KIN_RELATIONS if len(w) == 1 and w * 2 in KIN_RELATIONS}
"""A one-character family word → the form it takes after a name and 的 (王芳的爸 reads 王芳的爸爸)."""
PARTNER_WORDS = frozenset(w for w, r in KIN_RELATIONS.items() if r in ("wife", "husband", "partner"))
"""Words for a person's spouse or partner (老婆, 老公, 对象)."""

SOCIAL_RELATIONS: dict[str, str] = {
    **dict.fromkeys("朋友 好朋友 闺蜜 好友 哥们 兄弟 发小".split(), "friend"),
    **dict.fromkeys("同事 搭档".split(), "colleague"),
    **dict.fromkeys("老板 领导 上司 经理 主管".split(), "boss"),
    **dict.fromkeys("室友 舍友".split(), "roommate"),
    "邻居": "neighbor",
    **dict.fromkeys("同学 同桌 高中同学 大学同学 初中同学 小学同学 老同学".split(), "classmate"),
    **dict.fromkeys("老师 导师".split(), "teacher"),
    "教练": "coach",
    "医生": "doctor",
    "房东": "landlord",
    "牙医": "dentist",
    **dict.fromkeys("会计 律师 保姆 家教 理发师 兽医".split(), "helper"),
    "班主任": "teacher",
}
"""A word for someone in a speaker's life → the relation it names."""

PERSON_WORDS: frozenset[str] = frozenset(KIN_RELATIONS) | frozenset(SOCIAL_RELATIONS)
PLURAL_RELATIONS: dict[str, str] = {
    **dict.fromkeys("父母 爸妈".split(), "parents"),
    "家人": "family",
    "孩子们": "children",
    **dict.fromkeys("爷爷奶奶 姥姥姥爷 外公外婆".split(), "grandparents"),
    **dict.fromkeys("公婆 岳父母".split(), "parents-in-law"),
}
"""A word for several people of a speaker's → the relation it names (我爸妈住在昆明: ``parents``)."""
PLURAL_PEOPLE = frozenset(PLURAL_RELATIONS)
ANIMALS = _words(
    "狗 小狗 狗狗 猫 小猫 猫咪 兔子 仓鼠 鹦鹉 鸟 小鸟 金鱼 鱼 乌龟 宠物 马 柯基 泰迪 金毛 哈士奇 布偶猫 英短 "
    "边牧 德牧 萨摩耶 拉布拉多 比熊 雪纳瑞"
)
"""Animals people keep (我家的猫叫年糕: an animal, never a person)."""
ANIMAL_ENDINGS = _words("猫 狗 犬")
"""What a kept animal's word may end with, a breed or a colour before it (橘猫, 柴犬, 小黑狗)."""
ANIMAL_END = "(?:" + "|".join(sorted(ANIMAL_ENDINGS)) + ")$"
"""A word that ends as an animal's kind does (比格犬, 橘猫), or is it (犬)."""
POSSESSIONS = _words("车 汽车 电动车 自行车 摩托车 手机 电脑 笔记本 房子 房 公寓 钢琴 吉他 相机 手表")
"""Things a person owns and names the make or kind of (我的车是一辆特斯拉, 我的手机是华为)."""
OWNING = _words("有 开 骑 戴")
"""Verbs of having or using a thing of one's own (我有一辆电动车, 我开一辆本田)."""
POSSESSIVE = _words("的")
SPEAKER = _words("我")
GROUP_VOICE: dict[str, str] = {"我们": "我", "咱们": "我", "咱": "我"}
"""The first person plural, and the singular a group's statement is judged in when the group speaks."""
WE = frozenset(GROUP_VOICE) | _words("大家")
SELF_WORDS = _words("自我 忘我 无我 本我 超我 敌我 唯我 你我")
"""Words holding 我 that are no pronoun of the speaker's (自我介绍, 忘我地工作)."""
LISTENER = _words("你 您 你们 你的 您的")
MY_OWN = _words("我 我家")
"""The speaker, or their household, as whom a person, an animal or a thing belongs to (我女儿, 我家猫)."""
LISTENER_AS_SPEAKER: dict[str, str] = {"你": "我", "您": "我", "你的": "我的", "您的": "我的", "你家": "我家"}
"""The one listener's words (你女儿, 你家猫) as the speaker says them back (我女儿, 我家猫)."""
CLASSIFIERS = _words("个 些 件 种 段 部 本 首 条 张 位 家 款 句 篇 套 台 辆 只 份 把 架 集 章")
"""Measure words of things, which 这/那 or a number open (这段, 那家, 两个, 第二个, 一集, 两章)."""
VERBAL_CLASSIFIERS = _words("次 遍 回 趟 顿")
"""Measure words of times a thing is done (试了一次, 去了一趟)."""
POINTERS = _words("他 她 它 他们 她们 它们 这 那 这里 那里 那儿 这儿 其中 这样 那样") | frozenset(
    f"{near}{classifier}" for near in "这那" for classifier in CLASSIFIERS
)
"""Words that point outside a statement unless it names what they point at (它, 那里, 这个, 那段...)."""
REFLEXIVE = _words("自己")

LIKING = _words("喜欢 爱 热爱 喜爱 享受 偏爱 迷 迷上 爱上 钟爱 最爱 超爱 痴迷")
DISLIKING = _words("讨厌 受不了 反感 厌恶 烦")
NEGATIONS = _words("不 没 没有 别 从不 不再 再也不 从来不 不怎么")
FORMERLY = _words("以前 小时候 过去 曾经 原来 当年 从前")
"""Words that put a liking or a doing in the past (以前喜欢跑步): nothing the person does now."""
SINCE_CHILDHOOD = _words("从小 打小 自小")
"""Words that date something lasting from childhood (我从小就有哮喘)."""
LIVING = _words("住 住在 定居 生活")
MOVING = _words("搬 搬到 搬家 搬去")
WORKING = _words("工作 上班 任职 实习 打工 兼职")
REMOTE = _words("在家 居家 远程")
"""Working away from the workplace, before 办公/上班 (我周一在家办公)."""
STUDYING = _words("上学 读书 念书 读 学习 就读 念")
ORIGIN = _words("来自")
ALLERGY = _words("过敏")
FIGURATIVE_ALLERGENS = _words("工作 上班 加班 开会 会议 作业 考试 数学 表格 文件 家务 运动 早起 老板 领导 周一")
"""What a person is "allergic to" only in a figure of speech (我对数学过敏, 我对周一过敏): work, duty or school, a
day, not a substance."""
DIET_WORDS = _words(
    "吃素 素食 素食者 纯素 清真 戒糖 戒酒 吃斋 乳糖不耐受 不吃肉 不吃辣 不喝酒 滴酒不沾 控糖 控糖中 生酮 低碳水 "
    "无麸质 低盐"
)
CONDITIONS = _words(
    "哮喘 糖尿病 高血压 低血压 失眠 偏头痛 胃病 贫血 抑郁症 焦虑症 颈椎病 腰椎间盘突出 痛风 鼻炎 湿疹 近视 色盲 "
    "自闭症 孤独症 多动症 乳糖不耐受 甲减 甲亢 心脏病 肾结石 胆结石 老年痴呆 阿尔茨海默病 帕金森 乳糜泻 癫痫 "
    "散光 远视 弱视 银屑病 牛皮癣 肠易激综合征 克罗恩病 耳鸣 脊柱侧弯 子宫内膜异位症 多囊卵巢综合征 红斑狼疮 类风湿 "
    "多发性硬化 睡眠呼吸暂停"
)
BODY_PARTS = _words(
    "腿 腿脚 脚 腰 背 膝盖 关节 眼睛 视力 耳朵 听力 胃 肠胃 心脏 肝 肾 肺 牙 牙齿 颈椎 腰椎 嗓子 皮肤 记性 睡眠"
)
"""Parts of the body, and faculties, whose lasting trouble is a health condition (腿脚不好, 耳朵听不见)."""
LASTING_AILMENTS = _words("不好 不太好 不大好 不好使 看不清 看不见 听不清 听不见 不灵活 不利索")
"""How a part of the body is lastingly unwell; not a passing pain (疼, 不舒服), which is no condition to keep."""
_NUMERALS = "一二三四五六"
SCHOOL_YEARS = frozenset(
    [f"{n}年级" for n in _NUMERALS]
    + [f"{stage}{n}" for stage, last in (("初", 3), ("高", 3), ("大", 4), ("研", 3)) for n in _NUMERALS[:last]]
)
"""A year of school or university (三年级, 初二, 高三, 大三, 研一), cut whole by the segmenter."""
SCHOOL_STAGES = _words("幼儿园 小学 初中 高中 大学")
TEACHING_PLACES = _words("中学 学校 学院 机构 培训班")
"""Where a person teaches, besides the stages of school (我在一所中学教英语, 我在培训机构教钢琴)."""
DEGREES = _words("研究生 研 硕士 博士 本科 大专 博士后")
"""Stages of study after school (我在读在职研究生, 我在读博士)."""
SHIFTS = _words("夜班 早班 晚班 白班 中班 大夜班 小夜班 倒班 三班倒")
"""Shifts of work (我一直上夜班)."""
SIBLING_PLACES = _words("独生子 独生女 独生子女 独子 独女 老大 老二 老三 老幺 老小")
"""An only child or a place among one's siblings (我是独生女, 我是家里的老大)."""
"""A stage of schooling someone is at (我儿子上小学了)."""
MEDICINES = _words(
    "二甲双胍 阿司匹林 布洛芬 对乙酰氨基酚 氨氯地平 硝苯地平 缬沙坦 氯沙坦 美托洛尔 阿托伐他汀 瑞舒伐他汀 辛伐他汀 "
    "奥美拉唑 雷贝拉唑 左甲状腺素 优甲乐 华法林 氯吡格雷 格列美脲 阿卡波糖 氯雷他定 西替利嗪 孟鲁司特 舍曲林 氟西汀 "
    "他汀 胰岛素"
)
"""Medicines by their generic names, which say nothing of being one (二甲双胍): jieba cuts them apart, so it is
taught them as nouns."""
MEDICINE = (
    r"^(?:[\u4e00-\u9fffA-Za-z]*(?:药|素|胶囊|颗粒|片|滴剂|喷剂)|"
    + "|".join(sorted(MEDICINES, key=len, reverse=True))
    + ")$"
)
"""A medicine by how its name ends (降压药, 胰岛素, 阿司匹林肠溶片), cut as one word, not a count (一片), or by its
generic name (二甲双胍)."""
BODY_MEASURES = _words("血压 血糖 血脂 胆固醇 尿酸 眼压 心率 转氨酶")
"""What a doctor measures of a body; one lastingly high or low (我血压高, 血糖偏高) is a condition."""
HIGH_OR_LOW = _words("高 低")
LIFE_CHANGES = _words("退休 离婚 毕业 辞职 退学 分手 订婚 转正 升职 出院 结婚 失业")
PASSING_AWAY = _words("去世 过世 离世 走")
"""How a person's death is said (我老伴2019年走了, 我爷爷去年去世了): 走 only after a year or a time."""
PAID_IN = _words("到账 发 入账")
"""How money comes in on its day (我的退休金每月四号到账, 每个月10号发工资)."""
"""A change of a person's life, said done with 了 (我爸退休了, 我去年离婚了)."""
CONDITION_ENDINGS = _words("症 炎 癌")
"""How the name of a condition ends (强迫症, 关节炎, 乳腺癌), said after 有 or 患有."""
EYESIGHT = _words("近视 远视 散光 老花 色弱")
"""How a person's eyes see, a lasting condition whatever follows (我近视八百度, 我有点散光)."""
WORN_AIDS = _words("眼镜 隐形眼镜 老花镜 助听器 牙套 假牙 呼吸机")
"""What a person wears for a lasting need of the body (我戴隐形眼镜, 我爸戴助听器)."""
COMPARING = _words("比起 相比 相比于")
"""What opens the thing a liking is weighed against (比起咖啡，我更喜欢喝茶)."""
MOBILITY_AIDS = _words("坐轮椅 拄拐 拄拐杖 用助行器")
"""How a person gets about with an aid, a lasting need (我坐轮椅, 我奶奶拄拐杖): taught whole to the segmenter."""
LOVED_DOINGS = _words("看 喝 听 玩")
"""Verbs jieba glues to 爱 (爱看, 爱喝 as a name), taught apart so 爱 is read as liking (我特别爱看悬疑小说)."""
BODY_HABITS = _words("打呼噜 打鼾 梦游 磨牙 说梦话 口吃 结巴")
MOTION_SICKNESS = _words("晕车 晕船 晕机")
FEELING_THE_COLD = _words("怕冷 怕热")
"""Feeling the cold, or the heat, more than others: how a person's body is (我特别怕冷)."""
DISRUPTIONS = _words("延误 晚点 取消 停运")
"""What befalls a flight, a train or a meeting on the day (我的航班延误了一小时): passing."""
NAPS = _words("一觉 个午觉 午觉 个好觉 一会儿")
"""A sleep of the day as jieba cuts it after 睡了 (刚睡了一觉, 睡了个午觉): passing."""
TREATMENTS = _words("试管 化疗 放疗 透析")
"""A course of care a person goes through (我现在在做试管, 我爸在做透析)."""
"""Sick from travelling, as a person gets it each time (我坐船总是晕船, 我晕车)."""
"""What a person's body does that they cannot help (我老公打呼噜)."""
BODY_KINDS = _words("左撇子 右撇子 色盲 红绿色盲 红绿色弱 近视眼 老花眼")
"""What a person is, of their body (我是左撇子, 我儿子是色盲)."""
FANS = _words("粉丝 铁粉 歌迷 球迷 影迷 书迷")
"""A fan of someone or something (我是周杰伦的粉丝, 我老公是曼联的球迷)."""
FAN_DEGREES = _words("老 忠实 铁杆 死忠 资深")
"""How much of a fan, said before the fan word (我是国安的老球迷)."""
TEMPERAMENTS = _words("内向 外向 慢热 恋家 念旧 怕冷 怕热 早起 晚睡 宅")
"""What a lasting way of a person is, said as 我是个…的人 (我是个内向的人, 我是早起的人)."""
FAITHS = _words("佛 佛教 基督 基督教 天主教 伊斯兰教 道教")
"""What a person believes in, after 信 (我信佛, 我妈信基督教)."""
FAITH_PEOPLE = _words("穆斯林 基督徒 佛教徒 天主教徒 回族")
"""Who a person is by faith or people, after 是 (我是穆斯林, 我是回族)."""
LEAVES = _words("产假 病假 陪产假 育儿假 长假")
"""Leave from work a person is on for weeks or months (我在休产假), not a day off."""
JOBLESS = _words("待业 失业")
"""Being without a job (我现在待业)."""
OFFICES = _words("公司 单位 办公室")
"""Where a person works, placed with 在 and a name (我公司在陆家嘴)."""
TRANSIT = _words("地铁 公交 公交车 班车 校车 轻轨 轮渡 电动车 自行车 坐地铁 坐公交 开车 骑车 走路 打车")
"""How a person gets to work or school, a vehicle or the going itself as jieba cuts it (坐 地铁, 坐地铁, 骑车)."""
RIDING = _words("坐 搭 乘 骑 开")
"""Verbs of riding or driving a vehicle, before it (坐 地铁, 骑 电动车)."""
COMMUTING = _words("上班 上学 通勤")
"""Going to work or school, what a way of travelling is for (我坐地铁上班)."""
PERSON_KINDS = _words(
    "夜猫子 早起鸟 急性子 慢性子 工作狂 路痴 吃货 社恐 单亲妈妈 单亲爸爸 "
    "白羊座 金牛座 双子座 巨蟹座 狮子座 处女座 天秤座 天蝎座 射手座 摩羯座 水瓶座 双鱼座"
)
"""What kind of person someone is by their own account (我是个夜猫子, 我老公是个工作狂)."""
FEARING = _words("怕 害怕 恐惧")
"""Being afraid of something lasting (我怕坐飞机, 我女儿害怕打针)."""
LIFE_SKILLS = _words("开车 游泳 做饭 骑车 骑自行车 滑雪 滑冰")
"""What a person can or cannot do for good, said plainly (我不会开车, 我儿子会游泳)."""
EXAGGERATED = _words("死 疯 坏 惨 炸")
"""What a state of the moment is pushed to (忙死了, 忙疯了, 饿坏了): a mood, nothing to remember."""
PASSING_SPLIT = _words("步 澡 午觉 懒觉 盹")
"""The object of a passing doing jieba cuts from its verb (散了个步, 洗了个澡, 睡了个午觉)."""
PHOBIAS = _words("恐高 恐水 社恐 幽闭恐惧症 密集恐惧症 怕黑")
"""A lasting fear named as one word (我恐高)."""
SCREENED = _words("电影 电视 电视剧 剧 综艺 视频 纪录片")
"""What is watched on an evening (昨晚看了个电影): passing, unless it is named or watched with someone."""
LIVING_TOGETHER = _words("住在一起 一起住 同住 合租")
"""Living with someone (我和男朋友住在一起)."""
UNABLE = _words("不能 不太能 不大能")
"""Not able to, or hardly (我不太能吃辣)."""
WANTING = _words("想 想要 不想 不想要 愿意 不愿意")
"""Wanting or not wanting to, as a word of its own before its verb (我不想去了 says no happening)."""
BODY_STATES = _words("怀孕 备孕 哺乳期")
"""A lasting state of the body that a health assistant must know (我怀孕了, 我在备孕)."""
LASTING_USE = _words("开 用 养 住 戴 骑 读 学")
"""Verbs whose object, said as 我…的是 (我开的是本田, 我用的是安卓手机), is what the speaker lastingly drives, uses
or keeps."""
TAKING = _words("吃 服用 打")
"""Verbs of taking a medicine (吃降压药, 打胰岛素)."""
HOLIDAYS = _words("五一 十一 国庆 春节 过年 元旦 清明 端午 中秋 寒假 暑假 国庆节 劳动节 中秋节 端午节 放寒假 放暑假")
"""Holidays a trip is dated by (我们五一去厦门, 暑假回老家): a time to come when nothing says it is over."""
HABIT_WORDS = _words("每天 每周 每晚 每早 每个月 每月 每年 平时 经常 常常 通常 一般 总是 天天 周周 每逢 每次")
FREQUENCY_HEDGES = _words("基本 基本上 几乎")
"""Words that soften a frequency and leave it one (我基本每天早上都跑步, 几乎每周)."""
WEEKDAYS = _words(
    "周一 周二 周三 周四 周五 周六 周日 周末 星期一 星期二 星期三 星期四 星期五 星期六 星期天 星期日 礼拜天"
)
SEASONS = _words("春天 夏天 秋天 冬天 春季 夏季 秋季 冬季")
"""The seasons, a time a plan is said by (我女儿今年秋天去成都上大学)."""
EVERY_WEEKDAY = frozenset(f"{every}{day}" for every in ("每", "每个") for day in WEEKDAYS if not day.startswith("礼拜"))
"""A weekday's frequency (每周四, 每个星期六): jieba cuts 每周 from the day's number, so it is taught them whole."""
PLAN_WORDS = _words("打算 计划 准备 决定 想要 将要 要 想 预计 安排 考虑")
GOAL_WORDS = _words("目标 梦想 愿望 计划 心愿")
PREPARING = _words("准备 备战 筹备")
"""Getting ready for a happening named after it (我在准备雅思考试, 我在备战马拉松)."""
SAVING_UP = _words("攒钱 存钱")
"""Saving money towards a plan named after it (我在攒钱明年去日本)."""
GARMENT_SIZE = r"^(?:\d{2,3}|X{0,3}[SLsl]|[Mm])$"
"""A clothes or shoe size before 码 (42, 130, L, XL)."""
LETTER_SIZE = r"^(?:X{1,3}[SL]|[SML])$"
"""A clothes size by its letters, without 码 (我衣服一般穿XL)."""
STATURE = _words("身高 体重")
"""How tall and how heavy a person is, the number straight after (我身高一米八)."""
TRIP_PURPOSES = _words("出差 旅游 旅行 度假 玩 开会")
"""What a trip to a place is for, after the place (去柏林出差): it makes a word jieba tags a name a place."""
PARTS_OF_MONTH = _words("底 初 上旬 中旬 下旬")
"""A part of a month, after its name as jieba cuts it (五月 底, 六月 初)."""
EXPIRING = _words("护照 签证 驾照 身份证 居留卡 通行证 合同 租约 保险 车险 会员 会员卡 健身卡 车")
"""Documents, terms and things of a person's that run out or fall due on a date (我的护照2028年3月到期, 我的车明年
三月要年检)."""
FALLING_DUE = _words("到期 过期 年检 续签 续费 续保")
"""What happens to a document or a thing on its date (到期, 要年检, 要续签)."""
CARERS = _words("医生 大夫 牙医 营养师 心理医生 理疗师")
"""Whose advice on the speaker's health is worth keeping (医生让我多运动, 医生让我少吃盐)."""
ADVISING = _words("让 叫 建议 嘱咐 要求")
"""Verbs of telling the speaker to do something (医生让我…)."""
QUALIFYING = _words("考驾照 考研 考公")
"""Sitting for a qualification over months (考驾照, 考研, 考公): 我在考驾照 says what one is working towards, not what
happens as one speaks; taught to jieba whole (it reads 考驾照 as a name)."""
EVENT_WORDS = QUALIFYING | _words(
    "预约 约 会议 开会 面试 考试 航班 飞机 手术 体检 复查 婚礼 结婚 聚会 演唱会 比赛 生日 约会 旅行 出差 课 "
    "牙医 看病 挂号 中考 高考 期末考试 期中考试 火车 高铁 动车 大巴 "
    "智齿 拔牙 补牙 洗牙 拆线 疫苗 胃镜 肠镜 化疗 产检 铁人三项 搬家 入职 筛查"
)
ATTRIBUTE_WORDS = _words(
    "密码 号码 号 车牌号 车牌 门牌号 手机号 电话 邮箱 地址 生日 纪念日 预产期 学校 血型 尺码 鞋码 身高 体重 "
    "名字 小名 账号 工号 学号 座位号 房间号 成绩 纪录 幼儿园"
)
"""Attributes of the speaker that hold one value (我的车牌号是…, 我的血型是O型)."""
MONEY_WORDS = _words("房租 房贷 车贷 工资 月薪 年薪 底薪 预算 生活费 退休金 养老金")
"""Sums of money a person pays or earns regularly (我房租一个月三千五)."""
INJURIES = _words("骨折 扭伤 拉伤 受伤 韧带撕裂")
"""Injuries of the body (我上个月手腕骨折了)."""
IN_HOSPITAL = _words("住院")
"""Being in hospital (我爸住院了)."""
OCCUPATION_MARKERS = _words("一名 一个 一位 名")
REMINDER_REQUESTS = _words("提醒我")
"""Asking the assistant to remind or call the speaker (明天提醒我): a request, never a fact of theirs."""
REMEMBER_VERBS = _words("记住 记一下 记下 记得 别忘了 不要忘了 备忘 备注") | REMINDER_REQUESTS
REQUEST_WORDS = _words("帮我 帮忙 请你 麻烦你 麻烦 能不能 可不可以 可以帮 给我 告诉我 推荐 查一下 查查 写一 帮")
GREETINGS = _words("你好 您好 嗨 哈喽 早上好 下午好 晚上好 早安 晚安 在吗 嘿")
THANKS = _words("谢谢 感谢 多谢 谢啦 谢了 辛苦了 麻烦了")
FAREWELLS = _words("再见 拜拜 回头聊 下次聊 先这样")
INTERJECTIONS = _words(
    "嗯 恩 哦 噢 喔 哇 啊 呀 哈哈 哈哈哈 呵呵 嘿嘿 唉 诶 额 呃 好的 好吧 行 对 是的 没错 当然 OK ok 嗯嗯 不好意思 抱歉"
)
YES_WORDS = _words("对 对的 是 是的 是啊 嗯 嗯嗯 没错 当然 有")
"""Words a reply says yes with (你吃素吗？| 对，吃了五年了); 有 answers 你有…吗."""
NOT_ASKED_BY_YES = _words("在 觉得 知道 需要")
"""Verbs of a yes/no question whose yes says nothing of the person (你在吗？你觉得…吗？你需要…吗？)."""
ANSWER_STUBS = _words("知道 不知道 还行 还好 没有 是的 不是 对 好的 一般 差不多 也许 可能 嗯 当然 没事")
"""Words that answer the previous turn and say nothing alone ("不知道，我最近…": the stub is cut)."""
DISCOURSE_MARKERS = _words(
    """其实 不过 但是 但 可是 而且 所以 然后 另外 对了 话说 说实话 老实说 说真的 讲真 总之 反正 毕竟 因此 同时 还有 就是
    那 嗯 哦"""
)
SENTENCE_PARTICLES = _words("呀 呢 啊 吗 吧 嘛 啦 哇")
"""Particles that close a sentence and carry its tone, no content (你现在在哪个城市呀？)."""
WHERE_WORDS = _words("哪 哪里 哪儿 哪个 哪家")
"""Question words asking where (在哪里？在哪个城市？在哪家公司？)."""
NAMING_QUESTIONS = _words("什么 啥")
"""Question words asking what a thing is called (叫什么名字？叫啥？)."""
WHEN_WORDS = _words("什么时候 哪天 哪一天 哪年 哪一年 几号 几点 几月")
DOING_QUESTIONS = _words("做 干 干嘛 干啥")
"""Where a question asks for a doing (你平时喜欢做什么？, 周末干嘛？): the reply is a verb."""
"""Question words asking when (你什么时候去北京？你几号走？)."""
AGE_QUESTIONS = _words("多大 几岁")
"""Question words asking how old (你多大了？你女儿几岁了？), cut whole by the segmenter."""
QUESTION_WORDS = _words(
    "吗 呢 什么 怎么 怎么样 为什么 哪 哪里 哪儿 哪个 谁 几 多少 是否 有没有 能不能 可不可以 要不要 是不是 如何 么 吧"
)
MOODS = _words(
    "开心 高兴 快乐 难过 伤心 累 很累 烦 烦躁 郁闷 沮丧 焦虑 紧张 担心 害怕 孤独 无聊 不安 低落 "
    "糟糕 失落 迷茫 难受 痛苦 疲惫 兴奋 激动 感动 满足 轻松"
)
DEGREE_WORDS = _words("很 非常 特别 真的 十分 比较 有点 有些 挺 太 好 超 蛮 更 最 还 也 都 一直 真")
JUST_DONE = _words("刚 刚刚 刚才 前天")
"""Words that date a doing to just now or a day or two ago (我刚吃完饭): a moment, not how things are."""
TIME_WORDS = JUST_DONE | _words(
    "今天 昨天 明天 后天 最近 近来 这几天 这段时间 现在 平时 终于 已经 "
    "以前 之前 去年 今年 明年 上周 下周 这周 上个月 下个月 这个月 周末 早上 晚上 下午 "
    "中午 上午 傍晚 凌晨 夜里 今晚 昨晚 明晚 业余时间 空闲时间"
)
VAGUE_WORDS = _words("事 事情 东西 问题 很多 一些 一点 一招")
REACTION_WORDS = _words(
    "太棒了 棒 真棒 厉害 不错 真好 好玩 有趣 开心 羡慕 期待 祝 祝你 一路顺风 顺利 恭喜 太好了 好极了"
)
"""What a reply reacts with and adds nothing by (听起来太棒了！, 祝你一路顺风！): with :data:`VAGUE_WORDS`,
:data:`INTERJECTIONS`, :data:`THANKS`, :data:`GREETINGS`, :data:`MOODS` and :data:`PEP_TALK`, what
:mod:`graphsvc.rulebook.reactions` does not count as content of an assistant turn's own."""
PEP_TALK = _words("加油 努力 坚持 尽力 相信自己 一定可以 会好的")
STROLLS = _words("逛 转 溜达 逛街 兜风")
"""Going out for a stroll or a spin (出去转了一圈, 溜达了溜达): a passing outing, nothing to remember."""
PASSING_ACTIVITIES = _words(
    "买菜 遛弯 散步 走走 休息 休息一下 睡 睡觉 睡一会 午睡 喝咖啡 喝茶 吃饭 洗澡 放松 放松一下 逛逛"
)

_TAUGHT = threading.Lock()


@cache
def teach_segmenter() -> None:
    """Make jieba cut the lexicon's words whole, with a part-of-speech flag (a diet, a condition, an attribute, a
    kinship word, an animal, a question word), and cut an animal or a kinship word off a following 叫/是 ("猫叫" is
    a word of its own in jieba's dictionary: the sound a cat makes). Once per process (jieba's dictionary is
    process-wide)."""
    import jieba

    from graphsvc.text import gazetteer

    gazetteer.tagger()  # jieba initialised before its dictionary is extended
    flags = (
        (DIET_WORDS, "v"),
        (CONDITIONS, "n"),
        (EYESIGHT, "v"),
        (BODY_HABITS, "v"),
        (WORN_AIDS, "n"),
        (PERSON_KINDS, "n"),
        (FANS, "n"),
        (MONEY_WORDS, "n"),
        (INJURIES, "v"),
        (IN_HOSPITAL, "v"),
        (LIVING_TOGETHER, "v"),
        (BODY_KINDS, "n"),
        (UNABLE, "v"),
        (EATING, "v"),
        (PASSING_ACTIVITIES, "v"),
        (WORKPLACE_SUFFIXES, "n"),
        (ATTRIBUTE_WORDS, "n"),
        (CODE_WORDS, "n"),
        (BODY_MEASURES, "n"),
        (BODY_STATES, "v"),
        (QUITTING, "v"),
        (ALLERGY, "v"),
        (PHOBIAS, "v"),
        (MOBILITY_AIDS, "v"),
        (PERSON_WORDS, "n"),
        (ANIMALS, "n"),
        (REMEMBER_VERBS, "v"),
        (DISCOURSE_MARKERS, "c"),
        (ANSWER_STUBS, "l"),
        (SCHOOL_YEARS, "n"),
        (PASTIMES, "n"),
        (MEDICINES, "n"),
        (EVERY_WEEKDAY, "t"),
        (QUALIFYING, "v"),
        (WHEN_WORDS | AGE_QUESTIONS, "r"),
    )
    # In a fixed order: a word's frequency is set from the dictionary as it stands when the word is added, and a
    # set's order changes with each process's hash seed (the same sentence was cut two ways by two processes).
    with _TAUGHT:
        for words, flag in flags:
            for word in sorted(words):
                jieba.add_word(word, tag=flag)
        for word in sorted({*ANIMALS, *PERSON_WORDS}):
            for verb in ("叫", "是"):
                jieba.suggest_freq((word, verb), True)
        for able in sorted(ABLE):
            jieba.suggest_freq(("我", able), True)
        for aid in sorted(WORN_AIDS):
            jieba.suggest_freq(("戴", aid), True)  # 戴|眼镜, not the name 戴眼镜
        for doing in sorted(LOVED_DOINGS):
            jieba.suggest_freq(("爱", doing), True)  # 爱|看, not the one word 爱看
        for season in sorted(SEASONS):
            for year in ("去年", "今年", "明年"):
                jieba.suggest_freq((year, season), True)  # 今年|夏天, not the name 今年夏天
        jieba.suggest_freq(("准备", "考"), True)  # 准备|考公, not 准备考|公
        jieba.suggest_freq(("家", "住"), True)  # 我们家|住在, not 我们|家住
        jieba.suggest_freq(("家", "养"), True)  # 我家|养了, not 我|家养
        for measure in sorted(BODY_MEASURES):
            for level in sorted(HIGH_OR_LOW):
                jieba.suggest_freq((measure, level), True)


ESCORTING = _words("送 接 带")
"""Taking a person somewhere, or fetching them (我每天早上送孩子上学, 我每周五接女儿放学)."""
DISTANCE_UNITS = _words("公里 千米 米 圈 步")
"""How far a routine goes, glued to its number by jieba (跑 五公里, 游 二十圈)."""
PAINS = _words("失眠 睡不着 头疼 头痛 焦虑 拖延 压力 腰疼 胃疼 牙疼 背疼 困扰 发愁 头晕")
"""A problem a speaker names ("我最近总是失眠", "学习压力很大")."""
CONDITIONALS = _words("如果 要是 假如 万一 的话")
"""What opens or closes a condition (要是我住在海边，…; 有空的话，…): what follows it, to the next comma and past
it, is supposed."""
UNCERTAIN = _words("可能 也许 大概 或许 说不定 记不清") | CONDITIONALS
"""A guess, a possibility or a lapse of memory (可能, 如果, 记不清): not what is."""
OF_THE_DAY = _words("今天 今晚 昨天 昨晚 刚才 这次 这回 上次 那次 那天")
"""What ties a thing to one day or one occasion (今天的天气, 这次的旅行): liking it is a reaction of the moment."""
ASPECTS = _words("结尾 结局 开头 剧情 情节 配乐 画面 氛围 节奏 台词 演技")
"""Parts of a work or a place one likes (我很喜欢结尾): of what, another turn said."""
AS_LONG_AS = _words("好 行 可以 够了")
"""What 就 closes a clause with (喜欢就好, 能睡着就行): as long as that holds, a reply or a wish, not what is."""
HEARSAY = _words("听说 据说 听人说 听别人说")
"""What opens second-hand news (我听说…, 据说…)."""
NEAR_MISSES = _words("差点 差一点 险些 差点儿")
"""What says a thing did not happen after all (我差点买了一辆摩托车); not 几乎, which says how often (几乎每天)."""
DOUBTED = _words("确定 清楚 记得 一定 肯定")
"""What 不 makes a doubt of (不确定, 不记得, 不一定): the speaker is unsure."""
TIME_UNITS = _words("月 周 星期 周末 学期 季度 时候 年 天 礼拜 时间 日子 阵子")
"""What 这/那 open as a time phrase (这个月, 那周) rather than a pointer."""
OCCUPATION_SUFFIXES = _words(
    "师 员 生 家 者 工 医 医生 护士 司机 老师 律师 工程师 设计师 会计 厨师 医师 经理 老板 记者 "
    "作家 演员 画家 学生 研究生 博士 店主 翻译"
)
"""Words a speaker's occupation ends with (我是一名护士, 我是工程师)."""
OCCUPATION_END = "^.+(?:" + "|".join(sorted(OCCUPATION_SUFFIXES, key=len, reverse=True)) + ")$"
"""A job title of two or more characters by how it ends, one-character endings included (程序员, 医生)."""
JOB_FIELDS = _words("设计 运营 销售 财务 研发 开发 编辑 翻译 策划 咨询 外贸 人事 行政 审计 测试")
"""Lines of work said after 做 as what one does for a living (我在武汉做桥梁设计, 她是做婚礼策划的)."""
NO_JOB_AFTER_DO = _words("工 家 生")
"""Endings of a job title that name no job after 做 (做手工, 做人家, 做学生)."""
JOB_TITLE = (
    "^(?:.+(?:"
    + "|".join(sorted(OCCUPATION_SUFFIXES - NO_JOB_AFTER_DO, key=len))
    + ")|"
    + "|".join(sorted(w for w in OCCUPATION_SUFFIXES if len(w) > 1))
    + ")$"
)
"""A job title after 做 or 当, by how it ends (产品经理, 工程师, 程序员) or a title of two characters or more on its
own (护士, 会计), never one of :data:`NO_JOB_AFTER_DO`."""
PAST_MARKERS = _words("了 过")
EXCLAIMING = _words("可 真 太 多么")
"""Adverbs of an exclamation (我可真幸运, 太好吃): a reaction of the moment, not how things are."""
CONSEQUENCE = _words("就 便 时候 会")
"""What follows a condition or a first happening (一出门就下雨), a time when (出生的时候) or what one will do
(我会多注意休息): the clause says what happens when, not how things are."""
LEANING_ON_ANOTHER_TURN = _words("也 还 还是 又 再 先 然后 将 可以 应该 好像 似乎 试试 特别是")
"""Words that lean on another turn or say what to do next (也, 还是, 再, 先…然后, 可以试试, 好像): a clause with one
does not stand alone as a fact."""
MOMENT_CHARACTERS = "再哪吗呢"
"""Characters that, inside any word, make a clause a moment's or a question's (再聊, 哪天, 好吗): no fact."""
_DAY_OR_MONTH = r"(?:[一二三四五六七八九十]{1,3}|\d{1,2})"
_CALENDAR_DAY = rf"{_DAY_OR_MONTH}月份?(?:{_DAY_OR_MONTH}[号日])?|{_DAY_OR_MONTH}[号日]"
CALENDAR_DAY = rf"^(?:{_CALENDAR_DAY})$"
"""A day or a month of the calendar as jieba cuts it (三月, 三号, 五月份, 12月25日): past or to come by its sentence."""
TIME_PHRASE = (
    r"(?:(?:上|下|这|本|今|明|昨|前|后|去|每)个?"
    r"(?:周[一二三四五六日天末]?|星期[一二三四五六日天]?|礼拜[一二三四五六日天]?|月|年|天|学期|季度)"
    rf"|{_CALENDAR_DAY})"
)
"""A time word jieba keeps whole (上周末, 下个月, 每星期) or a day of the calendar (五月份, 三月三号, 20号): its surface
form is the point, so a pattern, not a list."""
LONGER_AGO = rf"^(?:去年|前年|上个?(?:周|星期|礼拜|月)[一二三四五六日天末]?|\d{{4}}年|{_DAY_OR_MONTH}月份?)$"
"""A time longer ago than the day (上个月, 去年, 五月份): what a thing done then is dated by, not a chore of today."""
BLOOD_GROUP = r"^(?:A|B|AB|O)型$"
"""A blood group as jieba cuts it (我是O型血: O型 | 血)."""
GRUMBLE_FREQUENCY = _words("总是 老是")
"""Frequency words that mostly carry a complaint (我总是做不好), not a routine."""
CODE_WORDS = _words("码 密码 取件码 验证码 门禁码 编号 单号 订单号 号")
"""Words of a code a person keeps, before its digits (取件码6629, 门禁密码是2580, 车位号是B2-117)."""
DEADLINE_WORDS = _words("之前 以前 前 为止")
"""Words after a date that make it a deadline (5月20号之前)."""
WISH_START = r"^想要?(?!法|象|念|起|到|必|通|过)"
"""A word of wanting as jieba cuts it (想, 想要, or 想 fused with its verb: 想考, 想学); not 想法, 想念, 想起."""
ASKING = _words("问 问问 请教 咨询 了解 打听 知道 查 查查")
"""Verbs of asking the assistant something (我想问问…): a question, not a wish."""
CLOCK_TIME = r"[\d一二三四五六七八九十两:：]+(?:点半?|点钟|点\d+分?|分|号|日)?"
"""A time of day or a day of the month as jieba cuts it (八点, 3点半, 20号), not a count (五岁, 一个)."""
_COUNT = r"[一二三四五六七八九十两几半\d]+"
"""A count as written: Chinese numerals, digits, 两, 几, 半."""
DURATION = rf"^{_COUNT}(?:个)?(?:年|月|天|周|星期|小时|分钟|次|遍)多?$"
"""A length of time (五年, 三个月, 两周): its surface form is the point."""
YEARS = rf"^{_COUNT}多?年多?$"
"""A span of years as jieba cuts it (十二年, 二十多年): how long a post has been held."""
MONTHS_OR_YEARS = rf"^{_COUNT}(?:多?年|个多?月)多?$"
"""A span of months or years as jieba cuts it (三年, 八个月, 两年多): how long a practice has been kept up."""
DAYS = rf"^{_COUNT}天$"
"""A count of days as jieba cuts it (四天, 5天): how many days a week a person works."""
PER_WEEK = r"^(?:一|每)(?:周|星期|个星期)$"
"""A week as what a count is per (一周, 每周)."""
SPAN_UNITS = _words("小时 个小时 分钟 钟头")
"""What a span of a doing is counted in when jieba cuts it from its number (一个 小时)."""
HABIT_START = r"^(?:每|天天|周周|平时|经常|常常|通常|一般|总是|老是)"
"""A frequency word as jieba cuts it, often fused with what follows (每天晚上, 每周二, 每个周末)."""
NAMING_VERBS = _words("叫 名叫 是 就是 也是 有")
"""Verbs whose subject is the last thing named, not a dropped 我 ("一家公司，叫速帆")."""
TIME_PREFIXES = _words("这 这个 下 下个 上 上个 本 每 每个 前 后 明 今")
"""What opens a time phrase of several words (下 周三, 这个 月, 每个 周末)."""
AUXILIARIES = _words("会 要 得 能")
"""Verbs of will, need and ability before a doing (每周都会去杭州, 每天都要加班): how it is said, not what is done."""
LEARNING = _words("学 学习 练 练习 自学 进修 考 备考")
"""Verbs of learning something (我最近在学吉他)."""
ABLE = _words("会")
"""What the speaker can do (我会说粤语): jieba fuses 我会 into one noun (an association), so it is taught apart."""
CLOSE = _words("最好 最要好")
"""How close a person is, between 我 and the person (我最好的朋友)."""
FUTURE_TIME = (
    r"^(?:下个?(?:周[一二三四五六日天末]?|星期[一二三四五六日天]?|礼拜[一二三四五六日天]?|月|学期|季度)"
    r"|明(?:天|年|晚|早)|后天|今晚)$"
)
"""A time still to come, as jieba cuts it (下个月, 明年, 下周三): what a plan is dated by (a month by its name may
be past or to come)."""
SPEAKING = _words("说 讲")
"""Verbs of speaking a language (我会说粤语)."""
LANGUAGE_NAME = r"^.+(?:语|话|文)$"
"""A language by how its name ends (粤语, 上海话, 法文): its surface form is the point."""
INTRODUCING = _words("有 有个 养 生")
"""Verbs that bring a person or an animal into a conversation (我有个哥哥, 我养了一只猫, 我生了个女儿)."""
WHERE_OR_WITH = _words("在 跟 和 同 陪 带 在家")
"""Prepositions of where something is done or with whom (在公园打太极, 跟邻居打麻将, 带孩子去游泳), and 在家, which
jieba cuts as one word (我一般周五在家办公)."""
QUITTING = _words("戒烟 戒酒 戒糖 减肥 戒掉 戒")
"""Giving up a habit or losing weight: what a person sets out to do (我想戒烟)."""
QUIT_OBJECTS = _words("烟 酒 糖 咖啡 奶茶 槟榔")
"""What a person gives up, said before 戒 when it opens the sentence (烟也戒了, 酒已经戒了半年了)."""
INJECTION = (
    r"忽略(?:之前|以上|前面|上面|先前|所有)的?(?:所有)?(?:指令|指示|提示|规则|说明)|系统提示|"
    r"(?:记住|存储|保存|存为|记录)[^。！？]{0,40}(?:作为|当作|当成|为)(?:一条)?(?:事实|记忆)|"
    r"(?:作为|当作|当成)(?:一条)?(?:事实|记忆)(?:记住|存储|保存|记下|记录)"
)
"""The surface of a prompt injection in Chinese (a fixed formula, so a regular expression)."""
INTENDING = _words("先 去 要 准备 打算 想 得")
"""Words before a passing plan (我先去休息一下)."""
ASKING_START = r"^想(?:问|了解|请教|咨询|打听|知道)"
"""A word of wanting fused with asking, as jieba may cut it (想问问, 想了解)."""
APPROXIMATELY = _words("快 近 差不多 大概 整整")
"""Words before a length of time (游了快三年了)."""
SPECIES: dict[str, str] = {
    **dict.fromkeys("狗 小狗 狗狗 柯基 泰迪 金毛 哈士奇".split(), "dog"),
    **dict.fromkeys("猫 小猫 猫咪 布偶猫 英短".split(), "cat"),
    "兔子": "rabbit",
    **dict.fromkeys("鸟 小鸟 鹦鹉".split(), "bird"),
    "宠物": "pet",
}
"""An animal word → its species."""
ABSTRACT_WORDS = _words("知识 经验 东西 事情 收获 乐趣 感受 体会 技能 想法 问题 困难 道理 意义 麻烦 力量 计划")
"""What a vague statement gains or has (学到了很多知识和经验)."""
MANY = _words("很多 一些 不少 许多 好多")
SAYING_VERBS = _words("说 认为 知道 干 做 弄 搞")
"""Verbs a "你…什么？" question asks a view, a saying or a vague doing with (你说什么？你在干什么？): what the reply
names is no thing the listener has or does."""
FEELING_VERBS = _words("觉得 感觉 感到 觉着")
"""How someone feels: no habit ("总是觉得累" is a pain, not a habit)."""
MIND_VERBS = _words("相信 信 认为 以为 理解 在乎 关心 担心 期待 指望 听说 知道")
"""What the mind does: no routine, no happening (听说过一家博物馆), nor a habit given up when it stops
(不再相信爱情了)."""
EATING = _words("吃 喝")
"""Verbs of eating and drinking (想吃火锅了: a craving of the moment)."""
NOT_EATING = _words("不吃 不喝 从不吃 从不喝")
"""Eating or drinking negated for good, as jieba cuts it whole (我从不吃香菜, 我是回族，不吃猪肉): a diet; 没吃 and
别吃 (not eaten yet, don't eat) are none."""
VAGUE_OUTINGS = _words("探险 冒险 散心 散散心 走走 转转 玩玩")
"""Going out with nowhere and nothing named (我打算去探险, 出去散散心): says nothing alone."""
LIFE_LESSONS = _words("接受 放手 放下 释怀 忍耐 知足 做人 乖 坚强 珍惜")
"""What one learns that is no skill (学着接受, 学做人, 学乖了): a lesson of life."""
CHORES = _words("打扫 收拾 拖 擦 扫 洗")
"""Verbs of a day's housework (打扫了厨房, 洗了衣服): passing."""
REPLYING = _words("回 回复")
"""Answering the day's messages (回了所有邮件): passing."""
PLACES_IN_GENERAL = _words("店 地方 商店")
"""Places by no name (逛了几家店): which, another turn said."""
A_WHILE = _words("会儿 一会儿 一下 一阵")
"""A while of a doing (看了会儿书, 玩了一会儿游戏): how a passing doing of the day is said."""
ERRAND_PLACES = _words("超市 商店 便利店 菜市场 公园")
"""Places a day's errand or stroll goes to (刚才去了趟超市, 我去了公园): a passing outing, nothing to remember."""
QUICK_GOES = _words("趟 一趟 一下")
"""What makes a going a quick one (去了趟超市, 去一下便利店)."""
LODGINGS = _words("酒店 宾馆 旅馆 民宿 客栈 青旅")
"""Where a stay is passing (住在酒店): no home."""
PASSING_OBJECTS = _words("电影 晚饭 午饭 早饭 夜宵 咖啡 奶茶 外卖 饭 吃晚饭 吃午饭 吃早饭 吃饭")
"""What a passing plan is about (去看电影, 去吃晚饭)."""
GENERIC_SUBJECTS = _words("大家 人们 别人 所有人 每个人 谁都")
"""People in general as a subject (每个人的喜好都不同): a remark about people, not the speaker."""
CHATTING = _words("聊天 聊聊 谈心")
"""Words of the conversation itself (我每次聊天都很开心): a remark on it says nothing of the speaker."""
RIGHT_NOW = _words("现在 这就 马上 等会儿 待会儿 一会儿 先")
"""Words that put a plan in the next minutes (我现在要去练吉他了)."""
CARRY_STARTS = _words("在 也 还 都 又 正在 一直 经常 平时 每天")
"""Words a clause with no subject of its own may open with and still be the last subject's (…，在一家银行上班)."""
TRAIT_CONTEXTS: dict[str, frozenset[str]] = {
    "work": _words("工作 上班 同事 老板 公司 项目 加班"),
    "learning": _words("学习 课程 考试 读书 上课 学校 看书"),
    "social": _words("朋友 聚会 社交 同学 团队"),
    "personal": _words("家 健康 父母 孩子 睡 妈 爸 宠物"),
}
"""Where a trait shows, by the words its memories hold (see the English lexicon's ``TRAIT_CONTEXTS``)."""

# --- names and what they name --------------------------------------------------------------------------------
RELATION_WORDS: dict[str, str] = {**KIN_RELATIONS, **SOCIAL_RELATIONS}
"""Every word for someone in a speaker's life → the relation it names (我女朋友林小雅: ``partner``)."""
NAMING_WORDS = _words("叫 名叫 叫做")
"""Verbs that give a name (我姐姐叫李梅, 一家公司叫青禾)."""
NAME_PREFIXES = _words("小 老 阿 大")
"""What a familiar name opens with before a surname (小李, 老王, 阿杰, 大刘 when jieba cuts it apart)."""
THIRD_PERSON = _words("他 她")
NAMED_PRONOUNS = THIRD_PERSON | _words("它")
"""他, 她, and 它 for a pet: who a question about someone's name (它叫什么？) speaks of."""
THIRD_PERSON_GENDERS: dict[str, str] = {"她": "female", "他": "male"}
"""A third-person pronoun that can stand for a person the speaker named → whom (他 is also said of anyone)."""
GENDERED_PERSON_WORDS: dict[str, str] = {
    **dict.fromkeys(
        """妈妈 妈 母亲 老妈 妈咪 姐姐 妹妹 姐 妹 女儿 闺女 老婆 妻子 媳妇 太太 女朋友 女友 未婚妻 奶奶 外婆 姥姥 孙女
        外孙女 阿姨 姑姑 姨妈 舅妈 婶婶 表姐 表妹 堂姐 堂妹 岳母 婆婆 闺蜜 侄女 外甥女 嫂子 弟媳 弟妹
        继母 后妈 继女 儿媳 儿媳妇""".split(),
        "female",
    ),
    **dict.fromkeys(
        """爸爸 爸 父亲 老爸 哥哥 弟弟 哥 弟 儿子 老公 丈夫 先生 男朋友 男友 未婚夫 爷爷 外公 姥爷 孙子 外孙 叔叔 舅舅
        伯伯 表哥 表弟 堂哥 堂弟 岳父 公公 哥们 兄弟 侄子 外甥 姐夫 妹夫 继父 后爸 继子 女婿""".split(),
        "male",
    ),
}
"""A person word that tells whether the person is a woman or a man (她 cannot point at a speaker's brother)."""
ORGANIZATION_SUFFIXES = _words(
    "公司 大学 学院 医院 中学 小学 银行 集团 协会 研究所 研究院 俱乐部 科技 书店 学校 幼儿园 工作室 事务所"
)
"""Words a name of an organisation ends with (仁和医院, 鹿鸣科技, 清华大学)."""
WORKPLACE_SUFFIXES = _words("公司 科技 集团 银行 研究所 研究院 事务所 律所 工作室 大学 学院")
"""Endings of an organisation a person is "at" as its employee or student (我在青禾科技), not as a visitor or a
patient (医院, 书店 are not among them)."""
DEPARTMENT_ENDINGS = _words("系 专业")
"""Endings of a department or a subject a student is of (心理系, 计算机专业)."""
MEMBER_WORDS = _words("成员 会员 队员 委员 理事")
"""What a person is of a group or a body, after its name (我是家委会成员, 我是孩子学校的家委会成员)."""
NOT_POSTS = MEMBER_WORDS | _words("使用者 爱好者 患者 粉丝 发烧友")
"""Words that end like a job title and name none: a member, a user of an aid, a fan, a patient (我是轮椅使用者,
我是一个户外俱乐部的成员)."""
GROUP_ENDINGS = _words("队 团 乐队 合唱团 俱乐部 部队")
"""Endings of a group a person is a member of (校篮球队, 合唱团, 部队), said as where they are (我女儿在校篮球队)."""
NOT_GROUPS = _words("旅行团 旅游团 代表团 观光团 排队 插队 团队")
"""Words that end as a group's do but name none a person is a member of: a tour or a visit (我在旅行团), a queue
(我在排队), a team in general."""
SHOP_ENDINGS = _words("店 公司 工作室 餐馆 饭馆 超市 诊所 小卖部 网店")
"""Endings of a business a person opens and runs (开了一家咖啡店, 开了个淘宝店)."""
SPLIT_VERBS: dict[str, str] = {
    "结": "婚",
    "离": "婚",
    "毕": "业",
    "入": "职",
    "退": "休",
    "搬": "家",
    "出": "院",
    "戒": "烟",
}
"""Verbs said apart from their object around 的 when saying when they happened (我们去年九月结的婚, 我前年毕的业)."""
ORGANIZATION_WORDS = _words("公司 单位 学校 医院 店 工作室 品牌")
"""Words for an organisation a name may follow (一家公司，叫青禾)."""
PLACE_SUFFIXES = _words("省 市 县 区 镇 村 乡 路 街 山 岛 湖 寺 江 河 海 峰 港 湾 公园 广场 古镇 景区")
"""Words or characters a name of a place ends with (上海市, 天目山, 绿禾公园)."""
NEARBY = _words("这边 那边 附近 一带 那里 这里 那儿 这儿")
"""Words that make the name before them a place (滨江那边, 城西这边)."""
VISITING = _words("看 看望 探望 陪")
"""Verbs of visiting a person (我这周末去看奶奶, 下个月回去陪爸妈)."""
HOMECOMING = _words("回老家 回家乡 回国 回娘家")
"""A trip home, one word as jieba cuts it (我下周五回老家)."""
GOING = _words("住在 来自 搬到 去 去了 到 回 回到 从")
"""Verbs and prepositions a place follows (住在西安, 从西安过来)."""
WITH = _words("和 跟 同 陪 与")
"""Words a person's name follows (我和陈露去了杭州)."""

# --- pastimes: what a person does in their own time, named as they mention it in passing ---------------------
PLAYED_GAMES: dict[str, str] = {
    **dict.fromkeys("羽毛球 篮球 乒乓球 网球 排球 麻将 台球 高尔夫 高尔夫球 太极 扑克".split(), "打"),
    **dict.fromkeys("保龄球 桌球 壁球 棒球 橄榄球 桥牌".split(), "打"),
    "飞盘": "玩",
    **dict.fromkeys("足球 毽子".split(), "踢"),
    **dict.fromkeys("象棋 围棋 国际象棋".split(), "下"),
}
"""Sports and games → the verb they are played with (打羽毛球, 踢足球, 下象棋)."""
INSTRUMENTS: dict[str, str] = {
    **dict.fromkeys("吉他 钢琴 古筝 琵琶 尤克里里 贝斯 古琴 电子琴 竖琴".split(), "弹"),
    **dict.fromkeys("小提琴 大提琴 二胡 手风琴".split(), "拉"),
    **dict.fromkeys("笛子 萨克斯 口琴 长笛".split(), "吹"),
    "架子鼓": "打",
}
"""Instruments → the verb they are played with (弹吉他, 拉二胡)."""
PRACTICES: dict[str, str] = {
    **dict.fromkeys("瑜伽 书法 普拉提 拳击 太极拳 跆拳道 空手道 柔道 散打 咏春".split(), "练"),
    **dict.fromkeys("广场舞 街舞 交谊舞 拉丁舞 芭蕾 芭蕾舞 民族舞".split(), "跳"),
}
"""Disciplines → the verb they are done with (练瑜伽, 跳广场舞)."""
PASTIMES = frozenset(PLAYED_GAMES) | frozenset(INSTRUMENTS) | frozenset(PRACTICES) | _words("马拉松 滑板 冲浪 攀岩")
"""Games, instruments and disciplines as nouns, and a few other pastimes said as nouns (会冲浪, 跑马拉松): jieba cuts
some apart or tags them as places or names (吉他, 太极, 古琴 as a name), so it is taught them as nouns."""
PLAYING = "^.?(?:" + "|".join(sorted(PASTIMES, key=len, reverse=True)) + ")$"
"""A pastime alone or fused with its verb, as jieba cuts some (钢琴, 下围棋, 弹钢琴)."""
OUTINGS = _words(
    "游泳 跑步 爬山 钓鱼 骑行 滑雪 徒步 攀岩 健身 夜跑 晨跑 登山 冲浪 滑冰 潜水 露营 骑马 划船 跳绳 轮滑 "
    "画画 摄影 烘焙 跳舞 冥想"
)
"""Pastimes that are verbs of their own (游泳, 跑步, 画画)."""
EXERCISE_PLACES: dict[str, str] = {"健身房": "去"}
"""Where a person goes to exercise → the verb (去健身房)."""
LANGUAGES = _words("英语 日语 韩语 法语 德语 西班牙语 俄语 意大利语 葡萄牙语 阿拉伯语 粤语 泰语 越南语 手语 外语")
"""Languages a person may be learning (学日语)."""
NOT_DOING = _words("看 停 戒 放弃 希望")
"""Words before a pastime under which it is not one the speaker does (看足球, 放弃跑步; a plan, a dislike or a
negation before it neither: :data:`PLAN_WORDS`, :data:`DISLIKING`, :data:`NEGATIONS`)."""
PASTIME_HABIT = "平时"
"""How a sighted pastime is said (王芳平时打麻将): a thing the person does, not a happening of one day."""

PERSON_VERBS = _words("说 告诉 觉得 喜欢 问 讲 答应 同意 笑 哭 请")
"""Verbs whose subject is a person (王建国说…)."""
FRIENDSHIP = _words("友谊 友情")
GENERIC_PLACES = _words(
    "老城区 市中心 郊区 城区 景区 小区 市区 新区 开发区 山区 商业区 住宅区 老家 家乡 湖泊 山村 海岛"
)
"""Places that are no names, whatever jieba tags them (住在老城区)."""
NOT_NAMES = (
    PERSON_WORDS
    | PLURAL_PEOPLE
    | ANIMALS
    | SPEAKER
    | WE
    | LISTENER
    | POINTERS
    | REFLEXIVE
    | TIME_WORDS
    | WEEKDAYS
    | GREETINGS
    | THANKS
    | INTERJECTIONS
    | DISCOURSE_MARKERS
    | ANSWER_STUBS
    | DEGREE_WORDS
    | NEGATIONS
    | GENERIC_PLACES
)
"""Words that are no name, whatever jieba tags them (朋友, 今天, 哈哈)."""
