# Bad-input suite: a correct memoised solution whose author names things in Portuguese, Chinese and
# Greek (Python 3 allows any Unicode letters in identifiers). It must grade exactly like the
# accepted first-word-first fixture it follows: every test passes.
"""Módulo chiseler: resolve o jogo de palavras «word chiseler»"""


def share_letter(w1, w2):
    """True se as palavras w1 e w2 têm alguma letra em comum"""
    return any(letra in w2 for letra in w1)


def winning_strategy(L, início=0, fim=None, memória=None):
    """Estratégia vencedora para o jogo L[início:fim+1], ou None"""
    if fim is None:
        fim = len(L) - 1
    if memória is None:
        memória = {}
    if (início, fim) in memória:
        return memória[(início, fim)]
    if início == fim:
        resposta = [L[início]]
    elif not share_letter(L[início], L[fim]):
        resposta = None
    else:
        resposta = None
        resto = winning_strategy(L, início + 1, fim, memória)
        if resto is not None:
            resposta = [L[início]] + resto
        else:
            resto = winning_strategy(L, início, fim - 1, memória)
            if resto is not None:
                resposta = [L[fim]] + resto
    memória[(início, fim)] = resposta
    return resposta


def all_winning_strategies(L, início=0, fim=None):
    """Todas as estratégias vencedoras para o jogo L[início:fim+1]"""
    if fim is None:
        fim = len(L) - 1
    if início == fim:
        return [[L[início]]]
    if not share_letter(L[início], L[fim]):
        return []
    策略 = []
    for s in all_winning_strategies(L, início + 1, fim):
        策略.append([L[início]] + s)
    for s in all_winning_strategies(L, início, fim - 1):
        策略.append([L[fim]] + s)
    return 策略


def num_winning_strategies(L, início=0, fim=None, memória=None):
    """Número de estratégias vencedoras para o jogo L[início:fim+1]"""
    if fim is None:
        fim = len(L) - 1
    if memória is None:
        memória = {}
    if (início, fim) not in memória:
        if início == fim:
            memória[(início, fim)] = 1
        elif not share_letter(L[início], L[fim]):
            memória[(início, fim)] = 0
        else:
            memória[(início, fim)] = (num_winning_strategies(L, início + 1, fim, memória)
                                      + num_winning_strategies(L, início, fim - 1, memória))
    return memória[(início, fim)]


def show_solved_game(sentence):
    """Mostra um jogo vencedor a partir das palavras da frase"""
    mão = sentence.upper().split()
    手 = winning_strategy(mão)
    if 手 is None:
        raise ValueError("game cannot be won")
    α = 0
    ω = len(mão) - 1
    for palavra in 手:
        print(" ".join(mão[α:ω + 1]))
        print("Remove: {}".format(palavra))
        if palavra == mão[α]:
            α += 1
        else:
            ω -= 1
